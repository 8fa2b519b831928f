import { Table, Text } from '@mantine/core';
import type { AdminStatsResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { formatMoney } from '../../../lib/formatting.ts';
import { formatCount } from '../utils/dashboard-data.ts';

interface RankedListProps {
  title: string;
  items: AdminStatsResponse['topMonasteries'];
}

/** The top monasteries or pujas by orders, with what their performed pujas earned (from the ledger). */
export function RankedList({ title, items }: RankedListProps) {
  const { t } = useTranslation('admin');
  return (
    <DashboardPanel title={title}>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.noneYet')}
        </Text>
      ) : (
        <Table aria-label={title} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>{t('dashboard.rank')}</Table.Th>
              <Table.Th>{t('dashboard.name')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.orders')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={item.id}>
                <Table.Td c="dimmed">{index + 1}</Table.Td>
                <Table.Td fw={500}>{item.name}</Table.Td>
                <Table.Td ta="right">{formatCount(item.orders)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.performedRevenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DashboardPanel>
  );
}
