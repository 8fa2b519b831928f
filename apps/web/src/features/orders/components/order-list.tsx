import { NavLink, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';

interface OrderListProps {
  orders: readonly Order[];
  selectedId: number | null;
  onSelect: (orderId: number) => void;
}

/** The patron's orders, monastery, puja and order number each, the selected one highlighted (SPEC §2). */
export function OrderList({ orders, selectedId, onSelect }: OrderListProps) {
  const { t } = useTranslation('orders');
  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t('orders.empty')}
      </Text>
    );
  }
  return (
    <ul aria-label={t('orders.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {orders.map((order) => {
        const active = order.id === selectedId;
        return (
          <li key={order.id}>
            <NavLink
              component="button"
              type="button"
              active={active}
              aria-current={active ? 'true' : undefined}
              label={order.monastery_puja.monastery.name}
              description={t('orders.entryDescription', {
                puja: order.monastery_puja.puja.name,
                number: order.number,
              })}
              onClick={() => onSelect(order.id)}
              styles={{ label: { fontWeight: 600 } }}
            />
          </li>
        );
      })}
    </ul>
  );
}
