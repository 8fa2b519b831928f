import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { catalogueTextsOf } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { TableSearch } from '../../../components/table-controls.tsx';
import { TABLE_PAGE_SIZE } from '../../../lib/table-page.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useTablePage } from '../../../lib/use-table-page.ts';
import type { AdminCatalogueItem, CatalogueKind } from '../api/catalogue-item-requests.ts';
import { useCatalogueItems } from '../api/get-catalogue-items.ts';
import { useCatalogueItemDeletion } from '../hooks/use-catalogue-item-deletion.ts';
import { CATALOGUE_STRINGS } from '../hooks/use-catalogue-item-form.ts';
import { ArchivedItemsSection } from './archived-items-section.tsx';
import { CatalogueItemCreateCard } from './catalogue-item-create-card.tsx';
import { CatalogueItemEditModal } from './catalogue-item-edit-modal.tsx';
import { CatalogueItemsTable } from './catalogue-items-table.tsx';

// Found by its name in any language entered (docs/decisions/049).
const searchTextOf = (item: AdminCatalogueItem) => catalogueTextsOf(item, 'name');

/**
 * `/admin/monastery` and `/admin/puja` (docs/product.md#admin-monasteries-and-pujas, the same layout): the table with search and pages, the
 * Create form at the side, the edit modal and the delete confirmation.
 */
export function CatalogueAdminScreen({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('admin');
  const strings = CATALOGUE_STRINGS[kind];
  usePageTitle(t(`${strings}.title`));
  const items = useCatalogueItems(kind);
  const table = useTablePage(items.data ?? [], searchTextOf);
  const [editing, setEditing] = useState<AdminCatalogueItem | null>(null);
  const deletion = useCatalogueItemDeletion(kind);

  return (
    <Stack gap="lg">
      <Title order={1}>{t(`${strings}.title`)}</Title>
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7, xl: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <TableSearch
                label={t(`${strings}.searchLabel`)}
                value={table.search}
                onChange={table.setSearch}
              />
              <QueryContent query={items} loading={<Skeleton h={240} />}>
                {() => (
                  <CatalogueItemsTable
                    label={t(`${strings}.tableLabel`)}
                    items={table.rows}
                    emptyText={
                      table.search.trim()
                        ? t(`${strings}.noMatch`, { search: table.search.trim() })
                        : t(`${strings}.empty`)
                    }
                    onEdit={setEditing}
                    onDelete={deletion.ask}
                  />
                )}
              </QueryContent>
            </Stack>
            <PageNavigation
              page={table.page}
              pageSize={TABLE_PAGE_SIZE}
              total={table.matching}
              onChange={table.setPage}
            />
          </Paper>
          <ArchivedItemsSection kind={kind} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5, xl: 4 }}>
          <CatalogueItemCreateCard kind={kind} />
        </Grid.Col>
      </Grid>

      <CatalogueItemEditModal kind={kind} item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deletion.target !== null}
        title={t('confirm.deleteTitle', { name: deletion.target?.name ?? '' })}
        message={t(`${strings}.deleteConfirm`)}
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t('confirm.delete')}
        onConfirm={deletion.confirm}
        onCancel={deletion.close}
        loading={deletion.isDeleting}
      />
    </Stack>
  );
}
