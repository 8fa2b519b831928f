import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderPlanLabel } from '../../../components/order-plan-label.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { usePhoneLayout } from '../hooks/use-phone-layout.ts';
import { patronLabel } from '../utils/patron-label.ts';
import classes from './back-office-orders.module.css';
import { OrderStageBadges } from './order-stage-badges.tsx';

const COLUMN_COUNT = 5;

interface OrdersReceivedTableProps {
  orders: readonly Order[] | undefined;
  actions: OrderActions;
  onMessage: (order: Order) => void;
  onUpdateDate: (order: Order) => void;
}

/**
 * The 'Order Received' table (docs/product.md#staff-dashboard): the paid pending orders with the patron and the order's number, the
 * day, the puja, the payment, and what the puja is for; each row with Approve Puja, Message and Update
 * Date. Unpaid orders wait in their own table (awaiting-payment-table.tsx); should one arrive here anyway,
 * Approve Puja is disabled, with the reason beside it, until it is paid (docs/decisions/009).
 */
export function OrdersReceivedTable({ orders, actions, onMessage, onUpdateDate }: OrdersReceivedTableProps) {
  const { t } = useTranslation('staff');
  // On a phone each order is a card with its buttons in view: a table would hide them off to the side.
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <OrdersReceivedCards
        orders={orders}
        actions={actions}
        onMessage={onMessage}
        onUpdateDate={onUpdateDate}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('dashboard.ordersLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={220}>{t('dashboard.columns.name')}</Table.Th>
            <Table.Th>{t('dashboard.columns.date')}</Table.Th>
            <Table.Th>{t('dashboard.columns.pujaService')}</Table.Th>
            <Table.Th>{t('dashboard.columns.payment')}</Table.Th>
            <Table.Th>{t('dashboard.columns.approvePuja')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders === undefined ? (
            <TableSkeletonRows rows={3} columns={COLUMN_COUNT} />
          ) : orders.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMN_COUNT}>
                <Text c="dimmed" ta="center" py="md">
                  {t('dashboard.ordersEmpty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            orders.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                approving={actions.updating?.orderId === order.id && actions.updating.action === 'approve'}
                busy={actions.updating?.orderId === order.id}
                onApprove={() => void actions.approve(order)}
                onMessage={() => onMessage(order)}
                onUpdateDate={() => onUpdateDate(order)}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface OrderRowProps {
  order: Order;
  approving: boolean;
  busy: boolean;
  onApprove: () => void;
  onMessage: () => void;
  onUpdateDate: () => void;
}

function OrderRow({ order, approving, busy, onApprove, onMessage, onUpdateDate }: OrderRowProps) {
  const text = useCatalogueText();
  return (
    <Table.Tr data-testid="order-row">
      <Table.Td>
        <Stack gap={2}>
          <OrderSummary order={order} />
        </Stack>
      </Table.Td>
      <Table.Td>{formatPujaDate(order.date)}</Table.Td>
      <Table.Td>
        {text(order.monastery_puja.puja, 'name')}
        <OrderPlanLabel plan={order.plan} />
      </Table.Td>
      <Table.Td>
        {/* The staff's one word for where the order stands, then its money (docs/decisions/039). */}
        <OrderStageBadges order={order} />
      </Table.Td>
      <Table.Td>
        <OrderButtons
          order={order}
          approving={approving}
          busy={busy}
          onApprove={onApprove}
          onMessage={onMessage}
          onUpdateDate={onUpdateDate}
          wrap="nowrap"
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** The patron (their phone while they have no name), the order's number, and what the puja is for. */
function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <Text fw={600}>{patronLabel(order.user)}</Text>
      {/* The order's page: its whole story, and the thread after approval. */}
      <Anchor component={Link} to={`/monastery/orders/${order.id}`} size="sm" w="fit-content">
        {t('dashboard.orderNumber', { number: order.number })}
      </Anchor>
      {order.last_message_from === 'patron' && (
        <Badge color="blue" variant="light" c="dark.7" w="fit-content">
          {t('dashboard.patronWrote')}
        </Badge>
      )}
      {order.names.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.beneficiary', { names: order.names.map((name) => name.name).join(', ') })}
        </Text>
      )}
      {order.intention && (
        <Text size="sm" c="dimmed">
          {t('dashboard.intention', { intention: order.intention })}
        </Text>
      )}
    </>
  );
}

function OrderButtons({
  order,
  approving,
  busy,
  onApprove,
  onMessage,
  onUpdateDate,
  wrap,
}: Omit<OrderRowProps, 'order'> & { order: Order; wrap: 'wrap' | 'nowrap' }) {
  const { t } = useTranslation('staff');
  const awaitingPaymentId = useId();
  // The server approves only a paid order; the button says so before the staff member tries.
  const paid = order.payment_status === 'Completed';
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap={wrap}>
        <Button
          size="xs"
          onClick={onApprove}
          loading={approving}
          disabled={!paid || (busy && !approving)}
          aria-describedby={paid ? undefined : awaitingPaymentId}
          // Each row has these three buttons: their names say which order they act on.
          aria-label={t('dashboard.approveOf', { number: order.number })}
        >
          {t('dashboard.approve')}
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={onMessage}
          aria-label={t('dashboard.messageOf', { number: order.number })}
        >
          {t('dashboard.message')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={onUpdateDate}
          disabled={busy}
          aria-label={t('dashboard.updateDateOf', { number: order.number })}
        >
          {t('dashboard.updateDate')}
        </Button>
      </Group>
      {!paid && (
        <Text id={awaitingPaymentId} size="xs" c="dimmed">
          {t('dashboard.awaitingPayment')}
        </Text>
      )}
    </Stack>
  );
}

/** The same orders as cards, one under another, every button in view at 360 px. */
function OrdersReceivedCards({ orders, actions, onMessage, onUpdateDate }: OrdersReceivedTableProps) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  if (orders === undefined) return <Skeleton height={240} radius="md" />;
  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('dashboard.ordersEmpty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" aria-label={t('dashboard.ordersLabel')} className={classes.cards}>
      {orders.map((order) => (
        <li key={order.id}>
          <Paper withBorder radius="md" p="sm" data-testid="order-row">
            <Stack gap={6}>
              <OrderSummary order={order} />
              <Text size="sm">
                {formatPujaDate(order.date)}, {text(order.monastery_puja.puja, 'name')}
                <OrderPlanLabel plan={order.plan} />
              </Text>
              <OrderStageBadges order={order} />
              <OrderButtons
                order={order}
                approving={actions.updating?.orderId === order.id && actions.updating.action === 'approve'}
                busy={actions.updating?.orderId === order.id}
                onApprove={() => void actions.approve(order)}
                onMessage={() => onMessage(order)}
                onUpdateDate={() => onUpdateDate(order)}
                wrap="wrap"
              />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
