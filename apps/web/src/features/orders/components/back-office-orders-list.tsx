import { Anchor, Badge, Checkbox, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { OrderPlanLabel } from '../../../components/order-plan-label.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { usePhoneLayout } from '../hooks/use-phone-layout.ts';
import { orderStage } from '../utils/order-stage.ts';
import { patronLabel } from '../utils/patron-label.ts';
import type { FromOrdersList } from './back-office-order-screen.tsx';
import classes from './back-office-orders.module.css';
import { OrderStageBadges } from './order-stage-badges.tsx';

interface BackOfficeOrdersListProps {
  orders: readonly Order[] | undefined;
  /** Where an order's page is: `/monastery/orders` or `/admin/orders`. */
  basePath: string;
  /** Administrators see every monastery's orders, so each names its monastery. */
  withMonastery: boolean;
  emptyText: string;
  /** Staff select orders to approve at once (docs/decisions/039): a box on each order to approve. */
  selection?: { selected: ReadonlySet<number>; toggle: (orderId: number) => void } | undefined;
}

/**
 * One page of orders: a table on a wide screen, cards on a phone (nothing hidden off to the side). Each
 * names its order, patron (the phone while they have no name), puja, day, amount and where it stands, and
 * links to the order's page.
 */
export function BackOfficeOrdersList(props: BackOfficeOrdersListProps) {
  return usePhoneLayout() ? <OrderCards {...props} /> : <OrdersTable {...props} />;
}

function OrdersTable({ orders, basePath, withMonastery, emptyText, selection }: BackOfficeOrdersListProps) {
  const { t } = useTranslation('back-office-orders');
  const text = useCatalogueText();
  const columns = (withMonastery ? 7 : 6) + (selection ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={withMonastery ? 900 : 760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('list.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            {selection && <Table.Th w={40}>{t('approveMany.column')}</Table.Th>}
            <Table.Th>{t('list.columns.number')}</Table.Th>
            <Table.Th>{t('list.columns.patron')}</Table.Th>
            <Table.Th>{t('list.columns.puja')}</Table.Th>
            {withMonastery && <Table.Th>{t('list.columns.monastery')}</Table.Th>}
            <Table.Th>{t('list.columns.date')}</Table.Th>
            <Table.Th ta="right">{t('list.columns.amount')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders === undefined ? (
            <TableSkeletonRows rows={5} columns={columns} />
          ) : orders.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            orders.map((order) => (
              <Table.Tr key={order.id} data-testid="back-office-order">
                {selection && (
                  <Table.Td>
                    <SelectBox order={order} selection={selection} />
                  </Table.Td>
                )}
                <Table.Td>
                  <OrderLink order={order} basePath={basePath} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text>{patronLabel(order.user)}</Text>
                    <PatronWrote order={order} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {text(order.monastery_puja.puja, 'name')}
                  <OrderPlanLabel plan={order.plan} />
                </Table.Td>
                {withMonastery && <Table.Td>{text(order.monastery_puja.monastery, 'name')}</Table.Td>}
                <Table.Td>{formatPujaDate(order.date)}</Table.Td>
                <Table.Td ta="right">{formatMoney(order.amount)}</Table.Td>
                <Table.Td>
                  <OrderStageBadges order={order} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderCards({ orders, basePath, withMonastery, emptyText, selection }: BackOfficeOrdersListProps) {
  const { t } = useTranslation('back-office-orders');
  const text = useCatalogueText();
  if (orders === undefined) return <Skeleton height={320} radius="md" />;
  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" aria-label={t('list.listLabel')} className={classes.cards}>
      {orders.map((order) => (
        <li key={order.id}>
          <Paper withBorder radius="md" p="sm" data-testid="back-office-order">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs">
                  {selection && <SelectBox order={order} selection={selection} />}
                  <OrderLink order={order} basePath={basePath} />
                </Group>
                <Text fw={600}>{formatMoney(order.amount)}</Text>
              </Group>
              <Text fw={600}>{patronLabel(order.user)}</Text>
              <Text size="sm">
                {text(order.monastery_puja.puja, 'name')}
                {withMonastery && `, ${text(order.monastery_puja.monastery, 'name')}`}
              </Text>
              <OrderPlanLabel plan={order.plan} />
              <Text size="sm">{formatPujaDate(order.date)}</Text>
              <PatronWrote order={order} />
              <OrderStageBadges order={order} />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** The box that selects an order to approve with others; only an order to approve has one. */
function SelectBox({
  order,
  selection,
}: {
  order: Order;
  selection: NonNullable<BackOfficeOrdersListProps['selection']>;
}) {
  const { t } = useTranslation('back-office-orders');
  if (orderStage(order) !== 'to_approve') return null;
  return (
    <Checkbox
      checked={selection.selected.has(order.id)}
      onChange={() => selection.toggle(order.id)}
      aria-label={t('approveMany.selectOrder', { number: order.number })}
    />
  );
}

/** The order's number, as the link to its page (named with the number, so each link says where it goes). */
function OrderLink({ order, basePath }: { order: Order; basePath: string }) {
  const { t } = useTranslation('back-office-orders');
  // The page's Back link returns to this search, filters and page.
  const { search } = useLocation();
  const state: FromOrdersList = { listSearch: search };
  return (
    <Anchor
      component={Link}
      to={`${basePath}/${order.id}`}
      state={state}
      fw={700}
      aria-label={t('list.openOrder', { number: order.number })}
      className={classes.orderLink}
    >
      {order.number}
    </Anchor>
  );
}

function PatronWrote({ order }: { order: Order }) {
  const { t } = useTranslation('back-office-orders');
  if (order.last_message_from !== 'patron') return null;
  return (
    <Badge color="blue" variant="light" c="dark.7" w="fit-content">
      {t('list.patronWrote')}
    </Badge>
  );
}
