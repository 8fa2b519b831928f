import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, type AuditEntry } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, FilterSearch, FilterSelect } from '../../../components/filter-controls.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { RecordCards } from '../../../components/record-cards.tsx';
import { TableEmptyRow } from '../../../components/table-rows.tsx';
import { formatBusinessTime } from '../../../lib/formatting.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFilteredAuditLog } from '../api/get-audit-log.ts';
import { type AuditFilterName, type AuditFilters, useAuditFilters } from '../hooks/use-audit-filters.ts';
import { subjectNameOf } from '../utils/audit-subjects.ts';
import { changesOf, isRestore } from '../utils/describe-entry.ts';

/** The sentence an entry reads as: "Demo Administrator archived monastery “Kopan Monastery”". */
function useDescribeEntry() {
  const { t } = useTranslation('admin');
  return (entry: AuditEntry) => {
    const name = subjectNameOf(entry);
    const subject = name
      ? t(`dashboard.subjectNamed.${entry.subject}`, { name })
      : t(`dashboard.subjectNumbered.${entry.subject}`, { id: entry.subjectId });
    if (isRestore(entry)) return t('auditLog.restored', { actor: entry.actor.name, subject });
    return t(`dashboard.activity.${entry.action}`, { actor: entry.actor.name, subject });
  };
}

/**
 * `/admin/audit`: every administrator and staff write, newest first, narrowed by who made it, what it did
 * and to what, and when (Nepal days), 50 a page (`GET /api/admin/audit-log`).
 */
export function AuditLogScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('auditLog.title'));
  const audit = useAuditFilters();
  const log = useFilteredAuditLog({ ...audit.filters, before: audit.before });
  const cards = useCardLayout();
  const describe = useDescribeEntry();
  const entries = log.data?.entries ?? [];
  const emptyText = audit.filtered ? t('auditLog.noMatch') : t('auditLog.empty');
  const role = (entry: AuditEntry) =>
    t(`auditLog.roles.${entry.actor.role as 'admin' | 'monastery' | 'user'}`);

  return (
    <Stack gap="lg">
      <PageHeading title={t('auditLog.title')} intro={t('auditLog.intro')} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <AuditFiltersBar
            filters={audit.filters}
            filtered={audit.filtered}
            onFilter={audit.setFilter}
            search={audit.search}
            onSearch={audit.setSearch}
            onClear={audit.clear}
          />
          <QueryContent query={log} loading={<Skeleton h={240} />}>
            {() =>
              cards ? (
                <RecordCards
                  label={t('auditLog.tableLabel')}
                  rows={entries}
                  rowKey={(entry) => entry.id}
                  title={(entry) => <Text fw={500}>{describe(entry)}</Text>}
                  fields={(entry) => [
                    {
                      label: t('auditLog.columns.when'),
                      value: <time dateTime={entry.at}>{formatBusinessTime(entry.at)}</time>,
                    },
                    { label: t('auditLog.columns.role'), value: role(entry) },
                    {
                      label: t('auditLog.columns.changes'),
                      value: <ChangeLines changes={changesOf(entry)} />,
                    },
                  ]}
                  emptyText={emptyText}
                />
              ) : (
                <Table.ScrollContainer
                  minWidth={640}
                  // Wider than a phone, with nothing in it to tab to: keyboard users scroll it too (axe's
                  // scrollable-region-focusable).
                  scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
                >
                  <Table verticalSpacing="sm" striped aria-label={t('auditLog.tableLabel')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={170}>{t('auditLog.columns.when')}</Table.Th>
                        <Table.Th>{t('auditLog.columns.what')}</Table.Th>
                        <Table.Th>{t('auditLog.columns.changes')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {entries.length === 0 && <TableEmptyRow columns={3}>{emptyText}</TableEmptyRow>}
                      {entries.map((entry) => (
                        <Table.Tr key={entry.id}>
                          <Table.Td>
                            <Text size="sm">
                              <time dateTime={entry.at}>{formatBusinessTime(entry.at)}</time>
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {describe(entry)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {role(entry)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <ChangeLines changes={changesOf(entry)} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            }
          </QueryContent>
          {(audit.page > 1 || log.data?.nextBefore) && (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {t('auditLog.page', { page: audit.page })}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={audit.newer} disabled={audit.page === 1}>
                  {t('auditLog.newer')}
                </Button>
                <Button
                  variant="default"
                  disabled={!log.data?.nextBefore || log.isPlaceholderData}
                  onClick={() => log.data?.nextBefore && audit.older(log.data.nextBefore)}
                >
                  {t('auditLog.older')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function ChangeLines({ changes }: { changes: string[] }) {
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {change}
        </Text>
      ))}
    </Stack>
  );
}

interface AuditFiltersBarProps {
  filters: AuditFilters;
  filtered: boolean;
  onFilter: (name: AuditFilterName, value: string | null) => void;
  search: string;
  onSearch: (value: string) => void;
  onClear: () => void;
}

/** Who (a name or e-mail, typed), what (the action, the kind of record) and when (Nepal days). */
function AuditFiltersBar({ filters, filtered, onFilter, search, onSearch, onClear }: AuditFiltersBarProps) {
  const { t } = useTranslation('admin');
  return (
    <Group role="search" aria-label={t('auditLog.filtersLabel')} align="flex-end" gap="sm" wrap="wrap">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ flex: 1, minWidth: 200 }}>
        <FilterSearch
          label={t('auditLog.who')}
          placeholder={t('auditLog.whoPlaceholder')}
          value={search}
          onChange={onSearch}
          maxLength={100}
        />
        <FilterSelect
          label={t('auditLog.action')}
          placeholder={t('auditLog.allActions')}
          data={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`auditLog.actions.${action}`) }))}
          value={filters.action ?? null}
          onChange={(value) => onFilter('action', value)}
          clearLabel={t('auditLog.clearAction')}
        />
        <FilterSelect
          label={t('auditLog.subject')}
          placeholder={t('auditLog.allSubjects')}
          data={AUDIT_SUBJECTS.map((subject) => ({
            value: subject,
            label: t(`auditLog.subjects.${subject}`),
          }))}
          value={filters.subject ?? null}
          onChange={(value) => onFilter('subject', value)}
          clearLabel={t('auditLog.clearSubject')}
        />
        <DayRangeFilter
          labels={{ from: t('auditLog.from'), to: t('auditLog.to') }}
          from={filters.from}
          to={filters.to}
          onChange={onFilter}
        />
      </SimpleGrid>
      {filtered && (
        <Button variant="default" onClick={onClear}>
          {t('auditLog.clear')}
        </Button>
      )}
    </Group>
  );
}
