import '../../../lib/staff-strings.ts';
// Mantine's extension styles arrive with the staff pages, never with the home page's bundle.
import '@mantine/dropzone/styles.layer.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useStaffOrders } from '../api/get-staff-orders.ts';
import { AwaitingPaymentTable } from '../components/awaiting-payment-table.tsx';
import { type DeclineChoice, DeclineDialog } from '../components/decline-dialog.tsx';
import { MessageModal } from '../components/message-modal.tsx';
import { OrderPanel } from '../components/order-panel.tsx';
import { OrdersCalendar } from '../components/orders-calendar.tsx';
import { OrdersReceivedTable } from '../components/orders-received-table.tsx';
import { UpdateDateModal } from '../components/update-date-modal.tsx';
import { useOrderActions } from '../hooks/use-order-actions.ts';

/**
 * `/monastery/dashboard` (docs/product.md#staff-dashboard): the monastery's paid pending orders in the 'Order Received' table, its
 * approved ones on the calendar, each opening a side panel to complete it with photos, and below them the
 * unpaid ones, apart, under 'Awaiting payment'.
 */
export function MonasteryDashboardPage() {
  const { t } = useTranslation('staff');
  usePageTitle(t('dashboard.title'));
  const orders = useStaffOrders();
  const actions = useOrderActions();
  const [messaging, setMessaging] = useState<Order | null>(null);
  const [redating, setRedating] = useState<Order | null>(null);
  const [declining, setDeclining] = useState<Order | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const ordersHeadingId = useId();
  const awaitingHeadingId = useId();
  const calendarHeadingId = useId();

  // The panel follows the list: once its order is completed (or gone) it closes by itself.
  const selected = orders.data?.approvedOrders.find((order) => order.id === selectedId) ?? null;

  async function decline(choice: DeclineChoice) {
    if (!declining) return;
    const outcome = await actions.decline(declining, choice);
    if (outcome.ok) setDeclining(null);
  }

  return (
    <Stack gap="xl">
      <Title order={1}>{t('dashboard.title')}</Title>
      {orders.isError ? (
        <QueryErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          <Paper component="section" aria-labelledby={ordersHeadingId} withBorder radius="md" p="md">
            <Title order={2} fz="h3" id={ordersHeadingId}>
              {t('dashboard.ordersHeading')}
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('dashboard.ordersIntro')}
            </Text>
            <SectionLimitNote shown={orders.data?.pendingOrders.length} total={orders.data?.totals.pending} />
            <OrdersReceivedTable
              orders={orders.data?.pendingOrders}
              actions={actions}
              onMessage={setMessaging}
              onUpdateDate={setRedating}
            />
          </Paper>
          <Paper component="section" aria-labelledby={calendarHeadingId} withBorder radius="md" p="md">
            <Title order={2} fz="h3" id={calendarHeadingId}>
              {t('dashboard.calendarHeading')}
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('dashboard.calendarIntro')}
            </Text>
            <SectionLimitNote
              shown={orders.data?.approvedOrders.length}
              total={orders.data?.totals.approved}
            />
            <OrdersCalendar orders={orders.data?.approvedOrders ?? []} onSelect={setSelectedId} />
          </Paper>
          <Paper component="section" aria-labelledby={awaitingHeadingId} withBorder radius="md" p="md">
            <Title order={2} fz="h3" id={awaitingHeadingId}>
              {t('dashboard.awaitingHeading')}
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('dashboard.awaitingIntro')}
            </Text>
            <SectionLimitNote
              shown={orders.data?.awaitingPaymentOrders.length}
              total={orders.data?.totals.awaitingPayment}
            />
            <AwaitingPaymentTable
              orders={orders.data?.awaitingPaymentOrders}
              actions={actions}
              onUpdateDate={setRedating}
              onDecline={setDeclining}
            />
          </Paper>
        </>
      )}
      <MessageModal order={messaging} actions={actions} onClose={() => setMessaging(null)} />
      <UpdateDateModal
        order={redating}
        actions={actions}
        onClose={() => setRedating(null)}
        onDecline={(order) => {
          setRedating(null);
          setDeclining(order);
        }}
      />
      <DeclineDialog
        opened={declining !== null}
        loading={actions.updating?.action === 'decline'}
        onConfirm={(choice) => void decline(choice)}
        onCancel={() => setDeclining(null)}
      />
      <OrderPanel order={selected} actions={actions} onClose={() => setSelectedId(null)} />
    </Stack>
  );
}

/** A section holds the soonest pujas only (the server bounds it); say so when there are more. */
function SectionLimitNote({ shown, total }: { shown: number | undefined; total: number | undefined }) {
  const { t } = useTranslation('staff');
  if (shown === undefined || total === undefined || total <= shown) return null;
  return (
    <Text size="sm" mb="sm" role="note">
      {t('dashboard.sectionLimit', { shown, total })}
    </Text>
  );
}
