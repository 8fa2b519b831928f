import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@puja/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useOrderConversation } from '../api/get-order-conversation.ts';
import { useOwnOrders } from '../api/get-orders.ts';
import { CancelOrderModal } from '../components/cancel-order-modal.tsx';
import { OrderDetails } from '../components/order-details.tsx';
import { OrderList } from '../components/order-list.tsx';
import { OrderMessages } from '../components/order-messages.tsx';
import classes from '../components/orders.module.css';
import { ProceedToPaymentModal } from '../components/proceed-to-payment-modal.tsx';

/**
 * `/orders` (SPEC §2): the patron's orders, the messages and details of the selected one, paying or
 * cancelling it, and its receipt.
 * `?page=` is the page of orders shown (newest first, a page at a time from the server); `?oid=` names the
 * selected order (the page's first when absent or unknown), so a reload keeps it; `?status=`
 * is how the server reports a payment's outcome when the wallet sends the browser back.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('orders.title'));
  usePaymentOutcomeToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const query = useOwnOrders(page);

  const orders = query.data?.orders ?? [];
  const requestedId = Number(searchParams.get('oid'));
  const selected = orders.find((order) => order.id === requestedId) ?? orders[0] ?? null;

  function select(orderId: number) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('oid', String(orderId));
        return next;
      },
      { replace: true },
    );
  }

  function showPage(nextPage: number) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(nextPage));
      // The first order of the new page is selected.
      next.delete('oid');
      return next;
    });
  }

  return (
    <Stack gap="md">
      <Title order={1}>{t('orders.title')}</Title>
      {query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className={classes.columns}>
          <Column heading={t('orders.listHeading')} bodyClassName={classes.ordersBody}>
            {query.isPending ? (
              <ColumnSkeleton />
            ) : (
              <>
                <OrderList orders={orders} selectedId={selected?.id ?? null} onSelect={select} />
                <PageNavigation
                  page={query.data.page}
                  pageSize={query.data.pageSize}
                  total={query.data.total}
                  onChange={showPage}
                />
              </>
            )}
          </Column>
          <SelectedOrder order={selected} loading={query.isPending} />
        </div>
      )}
    </Stack>
  );
}

/** The Messages and Puja Details columns for the selected order. */
function SelectedOrder({ order, loading }: { order: Order | null; loading: boolean }) {
  const { t } = useTranslation('orders');
  const conversation = useOrderConversation(order?.id ?? null);
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  return (
    <>
      <Column heading={t('orders.messagesHeading')}>
        {loading || (order && conversation.isPending) ? (
          <ColumnSkeleton />
        ) : conversation.isError ? (
          <QueryErrorAlert error={conversation.error} onRetry={() => void conversation.refetch()} />
        ) : order ? (
          <OrderMessages
            orderId={order.id}
            monasteryName={order.monastery_puja.monastery.name}
            messages={conversation.data?.messages ?? []}
          />
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('orders.noMessages')}
          </Text>
        )}
      </Column>
      <Column heading={t('orders.detailsHeading')}>
        {loading ? (
          <ColumnSkeleton />
        ) : order ? (
          <OrderDetails
            order={order}
            images={conversation.data?.images}
            imagesFailed={conversation.isError}
            onProceedToPayment={() => setPaying(true)}
            onCancel={() => setCancelling(order)}
          />
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('orders.selectOrderFirst')}
          </Text>
        )}
      </Column>
      <ProceedToPaymentModal order={order} opened={paying} onClose={() => setPaying(false)} />
      <CancelOrderModal order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function Column({
  heading,
  bodyClassName,
  children,
}: {
  heading: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      className={classes.panel}
    >
      <Title order={2} fz="h4" id={headingId} mb="sm">
        {heading}
      </Title>
      <div className={`${classes.panelBody} ${bodyClassName ?? ''}`}>{children}</div>
    </Paper>
  );
}

function ColumnSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={48} />
      <Skeleton height={48} />
      <Skeleton height={48} />
    </Stack>
  );
}

/**
 * The wallet sends the browser back through our server to `?status=success` or `?status=error`, or
 * `refund` (the money arrived for an order that could no longer take it, so it is due back) or `checking`
 * (the provider could not be asked yet; reconciliation settles it): say how the payment went, once, then
 * drop `status` from the address so a reload does not say it again.
 */
function usePaymentOutcomeToast(): void {
  const { t } = useTranslation('orders');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');

  useEffect(() => {
    if (status === null) return;
    // The same id twice (React StrictMode runs effects twice) is one toast.
    if (status === 'success') notifySuccess(t('payment.success'), { id: 'payment-outcome' });
    else if (status === 'error') notifyError(t('payment.failure'), { id: 'payment-outcome' });
    else if (status === 'refund') notifyWarning(t('payment.refund'), { id: 'payment-outcome' });
    else if (status === 'checking') notifyInfo(t('payment.checking'), { id: 'payment-outcome' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('status');
        return next;
      },
      { replace: true },
    );
  }, [status, setSearchParams, t]);
}
