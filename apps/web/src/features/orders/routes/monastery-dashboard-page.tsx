import '../../../lib/back-office-orders-strings.ts';
import '../../../lib/staff-strings.ts';
// Mantine's extension styles arrive with the staff pages, never with the home page's bundle.
import '@mantine/dropzone/styles.layer.css';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBackOfficeOrders } from '../api/get-back-office-orders.ts';
import { useStaffOrders } from '../api/get-staff-orders.ts';
import { AwaitingPaymentTable } from '../components/awaiting-payment-table.tsx';
import { type DeclineChoice, DeclineDialog } from '../components/decline-dialog.tsx';
import { MessageModal } from '../components/message-modal.tsx';
import { OrderPanel } from '../components/order-panel.tsx';
import { OrdersCalendar } from '../components/orders-calendar.tsx';
import { OrdersReceivedTable } from '../components/orders-received-table.tsx';
import { UpdateDateModal } from '../components/update-date-modal.tsx';
import { useOrderActions } from '../hooks/use-order-actions.ts';
import { usePhoneLayout } from '../hooks/use-phone-layout.ts';

/**
 * `/monastery/dashboard` (docs/product.md#staff-dashboard): the monastery's paid pending orders in the 'Order Received' table, its
 * approved ones on the calendar, each opening a side panel to complete it with photos, and below them the
 * unpaid ones, apart, under 'Awaiting payment'. On a phone the calendar (there a list of days) comes first.
 */
export function MonasteryDashboardPage() {
  const { t } = useTranslation('staff');
  usePageTitle(t('dashboard.title'));
  const orders = useStaffOrders();
  // 'Order Received' is every paid order waiting, a page at a time, soonest first: not only the first 25.
  const [receivedPage, setReceivedPage] = useState(1);
  const received = useBackOfficeOrders({ status: 'to_approve' }, receivedPage);
  const actions = useOrderActions();
  const [messaging, setMessaging] = useState<Order | null>(null);
  const [redating, setRedating] = useState<Order | null>(null);
  const [declining, setDeclining] = useState<Order | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const ordersHeadingId = useId();
  const awaitingHeadingId = useId();
  const calendarHeadingId = useId();
  // On a phone the calendar is the list of days with their pujas, and it comes first: the day's work is
  // what staff open the dashboard for, not 11 screens down under the orders to approve (issue 30).
  const phone = usePhoneLayout();

  // The panel follows the list: once its order is completed (or gone) it closes by itself.
  const selected = orders.data?.approvedOrders.find((order) => order.id === selectedId) ?? null;

  const calendarSection = (
    <Paper component="section" aria-labelledby={calendarHeadingId} withBorder radius="md" p="md">
      <Title order={2} fz="h3" id={calendarHeadingId}>
        {t('dashboard.calendarHeading')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('dashboard.calendarIntro')}
      </Text>
      <SectionLimitNote shown={orders.data?.approvedOrders.length} total={orders.data?.totals.approved} />
      <OrdersCalendar orders={orders.data?.approvedOrders ?? []} onSelect={setSelectedId} />
    </Paper>
  );

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
          {phone ? calendarSection : null}
          <Paper component="section" aria-labelledby={ordersHeadingId} withBorder radius="md" p="md">
            <Title order={2} fz="h3" id={ordersHeadingId}>
              {t('dashboard.ordersHeading')}
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('dashboard.ordersIntro')}
            </Text>
            <Anchor
              component={Link}
              to="/monastery/orders?status=to_approve"
              size="sm"
              mb="sm"
              display="block"
            >
              {t('dashboard.approveMany')}
            </Anchor>
            {received.isError ? (
              <QueryErrorAlert error={received.error} onRetry={() => void received.refetch()} />
            ) : (
              <OrdersReceivedTable
                orders={received.data?.orders}
                actions={actions}
                onMessage={setMessaging}
                onUpdateDate={setRedating}
              />
            )}
            {received.data && (
              <PageNavigation
                page={received.data.page}
                pageSize={received.data.pageSize}
                total={received.data.total}
                onChange={setReceivedPage}
              />
            )}
          </Paper>
          {phone ? null : calendarSection}
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
