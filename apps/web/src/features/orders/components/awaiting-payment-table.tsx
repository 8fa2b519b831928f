import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderPlanLabel } from '../../../components/order-plan-label.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { usePhoneLayout } from '../hooks/use-phone-layout.ts';
import { patronLabel } from '../utils/patron-label.ts';
import classes from './back-office-orders.module.css';

const COLUMN_COUNT = 6;

interface AwaitingPaymentTableProps {
  orders: readonly Order[] | undefined;
  actions: OrderActions;
  onUpdateDate: (order: Order) => void;
  onDecline: (order: Order) => void;
}

/**
 * Orders placed but not paid yet: nothing to approve until the patron pays (docs/decisions/009), so they
 * stay out of the Order Received queue. Staff may still give one a new date or decline it.
 */
export function AwaitingPaymentTable({
  orders,
  actions,
  onUpdateDate,
  onDecline,
}: AwaitingPaymentTableProps) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  // On a phone each order is a card with its buttons in view: a table would hide them off to the side.
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <AwaitingPaymentCards
        orders={orders}
        actions={actions}
        onUpdateDate={onUpdateDate}
        onDecline={onDecline}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" aria-label={t('dashboard.awaitingLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.awaitingColumns.order')}</Table.Th>
            <Table.Th>{t('dashboard.awaitingColumns.name')}</Table.Th>
            <Table.Th>{t('dashboard.awaitingColumns.date')}</Table.Th>
            <Table.Th>{t('dashboard.awaitingColumns.pujaService')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.awaitingColumns.amount')}</Table.Th>
            <Table.Th>{t('dashboard.awaitingColumns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders === undefined ? (
            <TableSkeletonRows rows={2} columns={COLUMN_COUNT} />
          ) : orders.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMN_COUNT}>
                <Text c="dimmed" ta="center" py="md">
                  {t('dashboard.awaitingEmpty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            orders.map((order) => {
              const busy = actions.updating?.orderId === order.id;
              return (
                <Table.Tr key={order.id} data-testid="awaiting-payment-row">
                  <Table.Td>
                    <OrderNumberLink order={order} />
                  </Table.Td>
                  <Table.Td>{patronLabel(order.user)}</Table.Td>
                  <Table.Td>{formatPujaDate(order.date)}</Table.Td>
                  <Table.Td>
                    {text(order.monastery_puja.puja, 'name')}
                    <OrderPlanLabel plan={order.plan} />
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(order.amount)}</Table.Td>
                  <Table.Td>
                    <AwaitingPaymentButtons
                      order={order}
                      busy={busy}
                      onUpdateDate={onUpdateDate}
                      onDecline={onDecline}
                      wrap="nowrap"
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface AwaitingPaymentButtonsProps {
  order: Order;
  busy: boolean;
  onUpdateDate: (order: Order) => void;
  onDecline: (order: Order) => void;
  wrap: 'wrap' | 'nowrap';
}

function AwaitingPaymentButtons({ order, busy, onUpdateDate, onDecline, wrap }: AwaitingPaymentButtonsProps) {
  const { t } = useTranslation('staff');
  return (
    <Group gap="xs" wrap={wrap}>
      <Button
        size="xs"
        variant="default"
        onClick={() => onUpdateDate(order)}
        disabled={busy}
        aria-label={t('dashboard.updateDateOf', { number: order.number })}
      >
        {t('dashboard.updateDate')}
      </Button>
      <Button
        size="xs"
        variant="light"
        // 'red', not a shade: the light variant then takes the theme's AA red for its text
        // (a shade would draw it in red.6, about 3:1 on the tint).
        color="red"
        onClick={() => onDecline(order)}
        disabled={busy}
        aria-label={t('dashboard.declineOf', { number: order.number })}
      >
        {t('dashboard.decline')}
      </Button>
    </Group>
  );
}

/** The same orders as cards, one under another, both buttons in view at 360 px. */
function AwaitingPaymentCards({ orders, actions, onUpdateDate, onDecline }: AwaitingPaymentTableProps) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  if (orders === undefined) return <Skeleton height={160} radius="md" />;
  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('dashboard.awaitingEmpty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" aria-label={t('dashboard.awaitingLabel')} className={classes.cards}>
      {orders.map((order) => (
        <li key={order.id}>
          <Paper withBorder radius="md" p="sm" data-testid="awaiting-payment-row">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <OrderNumberLink order={order} />
                <Text fw={600}>{formatMoney(order.amount)}</Text>
              </Group>
              <Text>{patronLabel(order.user)}</Text>
              <Text size="sm">
                {formatPujaDate(order.date)}, {text(order.monastery_puja.puja, 'name')}
                <OrderPlanLabel plan={order.plan} />
              </Text>
              <AwaitingPaymentButtons
                order={order}
                busy={actions.updating?.orderId === order.id}
                onUpdateDate={onUpdateDate}
                onDecline={onDecline}
                wrap="wrap"
              />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** The order's number, as the link to its page, where its whole story is. */
function OrderNumberLink({ order }: { order: Order }) {
  return (
    <Anchor component={Link} to={`/monastery/orders/${order.id}`} fw={600}>
      {order.number}
    </Anchor>
  );
}
