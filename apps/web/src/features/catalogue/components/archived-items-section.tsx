import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { RecordCards } from '../../../components/record-cards.tsx';
import { TableSearch } from '../../../components/table-controls.tsx';
import { TableEmptyRow } from '../../../components/table-rows.tsx';
import { formatBusinessTime } from '../../../lib/formatting.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import type { CatalogueKind } from '../api/catalogue-item-requests.ts';
import {
  type ArchivedCatalogueItem,
  useArchivedCatalogueItems,
} from '../api/get-archived-catalogue-items.ts';
import { CATALOGUE_STRINGS } from '../hooks/use-catalogue-item-form.ts';
import { useCatalogueItemRestore } from '../hooks/use-catalogue-item-restore.ts';

/** Typing is sent to the server once it pauses. */
const SEARCH_DELAY_MS = 300;

/**
 * The archived monasteries (or catalogue pujas) under the current ones (docs/product.md#admin-monasteries-
 * and-pujas): shown on request, so the screen asks for them only when someone wants them; the latest
 * archived first, a page of 25 at a time, searched by name on the server, each with Restore.
 */
export function ArchivedItemsSection({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('admin');
  const strings = CATALOGUE_STRINGS[kind];
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // A page belongs to the search it was chosen in: a new search starts from its first page.
  const [chosenPage, setChosenPage] = useState({ q: '', page: 1 });
  const page = chosenPage.q === typed ? chosenPage.page : 1;
  const archived = useArchivedCatalogueItems(kind, { page, q: typed }, { enabled: open });
  const restore = useCatalogueItemRestore(kind);
  const cards = useCardLayout();
  const rows = archived.data?.items ?? [];
  const emptyText = typed
    ? t(`${strings}.archivedNoMatch`, { search: typed })
    : t(`${strings}.archivedEmpty`);

  const restoreButton = (item: ArchivedCatalogueItem) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRestore size={14} aria-hidden="true" />}
      aria-label={t('table.restoreItem', { name: item.name })}
      onClick={() => restore.ask(item)}
    >
      {t('table.restore')}
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {t(`${strings}.archivedTitle`)}
          </Title>
          <Button
            variant="default"
            leftSection={<IconArchive size={16} aria-hidden="true" />}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? t('catalogue.hideArchived') : t('catalogue.showArchived')}
          </Button>
        </Group>
        {open && (
          <Stack gap="md" id={listId}>
            <TableSearch label={t(`${strings}.archivedSearchLabel`)} value={search} onChange={setSearch} />
            <QueryContent query={archived} loading={<Skeleton h={160} />}>
              {() =>
                cards ? (
                  <RecordCards
                    label={t(`${strings}.archivedTitle`)}
                    rows={rows}
                    rowKey={(item) => item.id}
                    title={(item) => <Text fw={500}>{item.name}</Text>}
                    fields={(item) => [
                      { label: t('catalogue.archivedAt'), value: formatBusinessTime(item.archived_at) },
                    ]}
                    actions={restoreButton}
                    emptyText={emptyText}
                  />
                ) : (
                  <Table.ScrollContainer minWidth={420}>
                    <Table verticalSpacing="sm" highlightOnHover aria-label={t(`${strings}.archivedTitle`)}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('catalogue.name')}</Table.Th>
                          <Table.Th>{t('catalogue.archivedAt')}</Table.Th>
                          <Table.Th w={140}>{t('catalogue.actions')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows.length === 0 && <TableEmptyRow columns={3}>{emptyText}</TableEmptyRow>}
                        {rows.map((item) => (
                          <Table.Tr key={item.id}>
                            <Table.Td>
                              <Text fw={500}>{item.name}</Text>
                            </Table.Td>
                            <Table.Td>
                              <time dateTime={item.archived_at}>{formatBusinessTime(item.archived_at)}</time>
                            </Table.Td>
                            <Table.Td>{restoreButton(item)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )
              }
            </QueryContent>
            {archived.data && (
              <PageNavigation
                page={page}
                pageSize={archived.data.pageSize}
                total={archived.data.total}
                onChange={(next) => setChosenPage({ q: typed, page: next })}
              />
            )}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={restore.target !== null}
        title={t('confirm.restoreTitle', { name: restore.target?.name ?? '' })}
        message={t(`${strings}.restoreConfirm`)}
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t('confirm.restore')}
        confirmColor="blue.8"
        onConfirm={restore.confirm}
        onCancel={restore.close}
        loading={restore.isRestoring}
      />
    </Paper>
  );
}
