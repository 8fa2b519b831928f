import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PageNavigationProps {
  page: number;
  /** Rows per page: the server's page size, or the browser's own when it pages a short list itself. */
  pageSize: number;
  /** Rows in all, across every page. */
  total: number;
  onChange: (page: number) => void;
}

/** Which rows are shown and the pages, once there are more rows than fit one page. */
export function PageNavigation({ page, pageSize, total, onChange }: PageNavigationProps) {
  const { t } = useTranslation();
  const pageCount = Math.ceil(total / pageSize);
  if (pageCount <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('pages.showing', { from, to, total })}
      </Text>
      <nav aria-label={t('pages.label')}>
        <Pagination
          total={pageCount}
          value={page}
          onChange={onChange}
          size="sm"
          getItemProps={(item) => ({ 'aria-label': t('pages.page', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`pages.${control}Page`) })}
        />
      </nav>
    </Group>
  );
}
