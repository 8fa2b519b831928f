import { Button, Group, Paper, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKind } from '../api/catalogue-item-requests.ts';
import { CATALOGUE_STRINGS, useCatalogueItemForm } from '../hooks/use-catalogue-item-form.ts';
import { CatalogueItemForm } from './catalogue-item-form.tsx';

/** The Create Monastery (or Create Puja) form beside the table (docs/product.md#admin-monasteries-and-pujas). */
export function CatalogueItemCreateCard({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const editor = useCatalogueItemForm({ kind });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="md">
        {t(`${CATALOGUE_STRINGS[kind]}.createTitle`)}
      </Title>
      <CatalogueItemForm
        editor={editor}
        actions={
          <Group justify="flex-end">
            <Button type="submit" loading={editor.isSaving}>
              {t('catalogue.create')}
            </Button>
          </Group>
        }
      />
    </Paper>
  );
}
