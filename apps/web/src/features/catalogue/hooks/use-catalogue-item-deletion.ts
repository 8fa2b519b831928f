import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import type { AdminCatalogueItem, CatalogueKind } from '../api/catalogue-item-requests.ts';
import { useDeleteCatalogueItem } from '../api/delete-catalogue-item.ts';
import { CATALOGUE_STRINGS } from './use-catalogue-item-form.ts';

/** Delete with the confirmation first (docs/product.md#form-rules), then the toast either way (docs/product.md#notifications). */
export function useCatalogueItemDeletion(kind: CatalogueKind) {
  const { t } = useTranslation('admin');
  const strings = CATALOGUE_STRINGS[kind];
  const confirmation = useConfirmation<AdminCatalogueItem>();
  const deletion = useDeleteCatalogueItem(kind);

  function confirm() {
    const item = confirmation.target;
    if (!item || deletion.isPending) return;
    deletion.mutate(item.id, {
      onSuccess: () => {
        notifySuccess(t(`${strings}.deleted`));
        confirmation.close();
      },
      onError: (error) => {
        confirmation.close();
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
            title: t(`${strings}.deleteFailed`),
          });
        }
      },
    });
  }

  return { ...confirmation, confirm, isDeleting: deletion.isPending };
}
