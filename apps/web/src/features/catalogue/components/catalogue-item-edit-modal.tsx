import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../../components/form-buttons.tsx';
import type { AdminCatalogueItem, CatalogueKind } from '../api/catalogue-item-requests.ts';
import { CATALOGUE_STRINGS, useCatalogueItemForm } from '../hooks/use-catalogue-item-form.ts';
import { CatalogueItemForm } from './catalogue-item-form.tsx';

interface CatalogueItemEditModalProps {
  kind: CatalogueKind;
  item: AdminCatalogueItem | null;
  onClose: () => void;
}

/** The edit modals (docs/product.md#admin-monasteries-and-pujas): 'Update Monastery' and 'Edit Puja'. */
export function CatalogueItemEditModal({ kind, item, onClose }: CatalogueItemEditModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t(`${CATALOGUE_STRINGS[kind]}.editTitle`)}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      {/* A fresh form per item: the values start from the row being edited. */}
      {item && <EditForm key={item.id} kind={kind} item={item} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({
  kind,
  item,
  onClose,
}: {
  kind: CatalogueKind;
  item: AdminCatalogueItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const editor = useCatalogueItemForm({ kind, item, onSaved: onClose });
  return (
    <CatalogueItemForm
      editor={editor}
      actions={
        <FormButtons
          cancelLabel={t('close')}
          onCancel={onClose}
          submitLabel={t('catalogue.update')}
          submitting={editor.isSaving}
        />
      }
    />
  );
}
