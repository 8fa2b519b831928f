import { Alert, SimpleGrid, Table, Text } from '@mantine/core';
import type { AdminStatsResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { formatBusinessTime, formatMoney, formatNumber } from '../../../lib/formatting.ts';

type Split = AdminStatsResponse['revenueSplit'];
const SPLIT_PARTS: (keyof Split)[] = ['received', 'refunds', 'held', 'monasteryEarnings', 'commission'];
/** An alert's title in the alert's own shade fails contrast on its light background (axe): the text colour. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * Where the money patrons paid stands, from the ledger, and whether the books balanced at the last hourly
 * reconciliation (docs/decisions/034): received = refunds + held + monasteries' earnings + commission.
 */
export function MoneyAndBooks({ split, books }: { split: Split; books: AdminStatsResponse['books'] }) {
  const { t } = useTranslation('admin');
  return (
    <DashboardPanel title={t('dashboard.money.title')} hint={t('dashboard.money.hint')}>
      <BooksStatus books={books} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" component="dl" m={0}>
        {SPLIT_PARTS.map((part) => (
          <div key={part}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`dashboard.money.${part}`)}
            </Text>
            <Text component="dd" fz="xl" fw={700} m={0}>
              {formatMoney(split[part])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </DashboardPanel>
  );
}

function BooksStatus({ books }: { books: AdminStatsResponse['books'] }) {
  const { t } = useTranslation('admin');
  if (!books)
    return (
      <Text size="sm" c="dimmed">
        {t('dashboard.books.notYet')}
      </Text>
    );
  const at = formatBusinessTime(books.checkedAt);
  if (books.balanced)
    return (
      <Alert
        color="green"
        variant="light"
        // Good news, not a warning: a status that a screen reader reads in its turn.
        role="status"
        styles={READABLE_TITLE}
        title={t('dashboard.books.balanced', { at })}
      >
        {t('dashboard.books.balancedDetail')}
      </Alert>
    );
  const count = formatNumber(books.differenceCount) + (books.countCapped ? '+' : '');
  return (
    <Alert
      color="red"
      styles={READABLE_TITLE}
      title={t('dashboard.books.differences', { count: books.differenceCount, figure: count, at })}
    >
      <Text size="sm" mb="xs">
        {t('dashboard.books.differencesDetail')}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label={t('dashboard.books.tableLabel')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.order')}</Table.Th>
              <Table.Th>{t('dashboard.books.account')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.books.expected')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.books.actual')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {books.differences.map((difference) => (
              <Table.Tr key={`${difference.orderNumber} ${difference.account}`}>
                <Table.Td>{difference.orderNumber}</Table.Td>
                <Table.Td>{difference.account}</Table.Td>
                <Table.Td ta="right">{formatMoney(difference.expected)}</Table.Td>
                <Table.Td ta="right">{formatMoney(difference.actual)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
