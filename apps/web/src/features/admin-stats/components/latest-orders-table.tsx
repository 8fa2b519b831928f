import '../../../lib/orders-strings.ts';
import { Badge, Table, Text } from '@mantine/core';
import type { Order, OrderStatus } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';

const STATUS_BADGE_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  declined: 'red',
  completed: 'teal',
  cancelled: 'gray',
  expired: 'orange',
};

/** The newest orders across every monastery. */
export function LatestOrdersTable({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation('admin');
  const title = t('dashboard.latestOrders');
  return (
    <DashboardPanel title={title}>
      {orders.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.noOrders')}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={860}
          // Wider than a phone, with nothing in it to tab to: keyboard users scroll it too (axe's
          // scrollable-region-focusable).
          scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
        >
          <Table aria-label={title} verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.order')}</Table.Th>
                <Table.Th>{t('dashboard.date')}</Table.Th>
                <Table.Th>{t('dashboard.patron')}</Table.Th>
                <Table.Th>{t('dashboard.monastery')}</Table.Th>
                <Table.Th>{t('dashboard.puja')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.amount')}</Table.Th>
                <Table.Th>{t('dashboard.payment')}</Table.Th>
                <Table.Th>{t('dashboard.orderStatus')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td>{order.number}</Table.Td>
                  <Table.Td>{formatPujaDate(order.date)}</Table.Td>
                  <Table.Td>{order.user.name || order.user.phone || order.user.email}</Table.Td>
                  <Table.Td>{order.monastery_puja.monastery.name}</Table.Td>
                  <Table.Td>{order.monastery_puja.puja.name}</Table.Td>
                  <Table.Td ta="right">{formatMoney(order.amount)}</Table.Td>
                  <Table.Td>
                    {t('dashboard.paymentValue', {
                      method: t(`paymentMethod.${order.payment_type}`, { ns: 'orders' }),
                      status: order.payment_status,
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_BADGE_COLORS[order.status]} variant="light" c="dark.7">
                      {t(`orderStatus.${order.status}`, { ns: 'orders' })}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DashboardPanel>
  );
}
