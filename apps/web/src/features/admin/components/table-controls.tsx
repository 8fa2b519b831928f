import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE } from '../utils/table-page.ts';

interface TableSearchProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** Filters a back-office table as the administrator types. */
export function TableSearch({ label, value, onChange }: TableSearchProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

interface TablePaginationProps {
  page: number;
  pageCount: number;
  matching: number;
  onChange: (page: number) => void;
  /** Rows per page: the browser's own paging by default, or the page size a server pages with. */
  pageSize?: number;
}

/** Which rows are shown and the pages, once there are more rows than fit one page. */
export function TablePagination({
  page,
  pageCount,
  matching,
  onChange,
  pageSize = TABLE_PAGE_SIZE,
}: TablePaginationProps) {
  const { t } = useTranslation('admin');
  if (pageCount <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, matching);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('table.showing', { from, to, total: matching })}
      </Text>
      <nav aria-label={t('table.pagination')}>
        <Pagination
          total={pageCount}
          value={page}
          onChange={onChange}
          size="sm"
          getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
        />
      </nav>
    </Group>
  );
}
