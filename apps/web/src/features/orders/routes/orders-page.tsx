import '../../../lib/orders-strings.ts';
import {
  Anchor,
  Button,
  em,
  Group,
  Paper,
  px,
  Skeleton,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Order } from '@puja/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useOrderConversation } from '../api/get-order-conversation.ts';
import { useOwnOrders } from '../api/get-orders.ts';
import { CancelOrderModal } from '../components/cancel-order-modal.tsx';
import { OrderDetails } from '../components/order-details.tsx';
import { OrderList } from '../components/order-list.tsx';
import { OrderMessages } from '../components/order-messages.tsx';
import classes from '../components/orders.module.css';
import { OwnPlansList } from '../components/own-plans-list.tsx';
import { ProceedToPaymentModal } from '../components/proceed-to-payment-modal.tsx';
import { usePaymentOutcomeToast } from '../hooks/use-payment-outcome-toast.ts';

/** How an order opened from the list on a phone is marked in the history, so its Back link goes back. */
interface OpenedFromList {
  fromList: true;
}

function openedFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<OpenedFromList>).fromList === true;
}

/**
 * `/orders` (docs/product.md#the-patrons-orders): the patron's orders, the messages and details of the selected one, paying or
 * cancelling it, and its receipt.
 * `?page=` is the page of orders shown (newest first, a page at a time from the server); `?oid=` names the
 * selected order (the page's first when absent or unknown), so a reload keeps it; `?status=`
 * is how the server reports a payment's outcome when the wallet sends the browser back.
 *
 * On a desktop, the list, the messages and the details side by side. On a phone, the list alone, and an
 * order tapped in it as a view of its own (`?oid=`, a new history entry: the browser's Back, or the
 * view's "Back to your orders", returns to the list). With no orders at all, an invitation to order one.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('orders.title'));
  usePaymentOutcomeToast();
  const phone = usePhoneLayout();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const query = useOwnOrders(page);

  const orders = query.data?.orders ?? [];
  const requestedId = Number(searchParams.get('oid'));
  const requested = orders.find((order) => order.id === requestedId) ?? null;
  const selected = requested ?? orders[0] ?? null;
  // On a phone, the order the address names has the page to itself.
  const opened = phone ? requested : null;
  const [lastOpened, setLastOpened] = useState<number | null>(null);
  useEffect(() => {
    if (opened) setLastOpened(opened.id);
  }, [opened]);

  function select(orderId: number) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('oid', String(orderId));
        return next;
      },
      // On a desktop choosing an order is not a place to go back to; on a phone it is.
      phone ? { state: { fromList: true } satisfies OpenedFromList } : { replace: true },
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

  const listParams = new URLSearchParams(searchParams);
  listParams.delete('oid');
  listParams.delete('status');
  const listQuery = listParams.toString();
  const listPath = listQuery ? `/orders?${listQuery}` : '/orders';

  function backToList(event: MouseEvent<HTMLAnchorElement>) {
    // Opened from the list: going back keeps the history as it was, and the list where it was scrolled.
    if (!openedFromList(location.state)) return;
    event.preventDefault();
    void navigate(-1);
  }

  const list = query.data ? (
    <>
      <OrderList
        orders={orders}
        selectedId={selected?.id ?? null}
        onSelect={select}
        opensView={phone}
        focusId={phone ? lastOpened : null}
      />
      <PageNavigation
        page={query.data.page}
        pageSize={query.data.pageSize}
        total={query.data.total}
        onChange={showPage}
      />
    </>
  ) : (
    <ColumnSkeleton />
  );

  if (phone && query.isPending && searchParams.has('oid')) {
    // An order opened on a phone (a reload, a link in an SMS) waits for it, not the list.
    return <ColumnSkeleton />;
  }

  if (opened) {
    return (
      <div className={classes.orderView}>
        <Anchor component={Link} to={listPath} onClick={backToList} className={classes.backLink}>
          <IconArrowLeft size={18} aria-hidden="true" />
          {t('orders.backToList')}
        </Anchor>
        <OrderHeading order={opened} focus={openedFromList(location.state)} />
        <SelectedOrder order={opened} loading={false} />
      </div>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1}>{t('orders.title')}</Title>
      <OwnPlansList />
      {query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data?.total === 0 ? (
        <NoOrdersYet />
      ) : phone ? (
        <Column heading={t('orders.listHeading')}>{list}</Column>
      ) : (
        <div className={classes.columns}>
          <Column heading={t('orders.listHeading')} bodyClassName={classes.ordersBody}>
            {list}
          </Column>
          <SelectedOrder order={selected} loading={query.isPending} />
        </div>
      )}
    </Stack>
  );
}

/**
 * Below Mantine's `sm` breakpoint: a phone, where three columns cannot fit. Read before the first paint,
 * so a phone never draws the desktop's columns first.
 */
function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints.sm)) - 0.1)})`, false, {
    getInitialValueInEffect: false,
  });
}

/** The order a phone shows: what it is, then its messages and details. */
function OrderHeading({ order, focus }: { order: Order; focus: boolean }) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const heading = useRef<HTMLHeadingElement>(null);
  // Tapped in the list: a screen reader starts reading at the order, not at the top of the page.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div>
      <Title order={1} ref={heading} tabIndex={-1} className={classes.orderHeading}>
        {t('orders.entryLabel', {
          puja: text(order.monastery_puja.puja, 'name'),
          monastery: text(order.monastery_puja.monastery, 'name'),
        })}
      </Title>
      <Text c="dimmed">
        {t('orders.viewSummary', { number: order.number, date: formatPujaDate(order.date) })}
      </Text>
    </div>
  );
}

/** No orders at all: where to begin, instead of three empty boxes. */
function NoOrdersYet() {
  const { t } = useTranslation('orders');
  return (
    <Paper component="section" withBorder radius="md" p="xl">
      <Stack gap="md" align="flex-start">
        <Title order={2} fz="h3">
          {t('orders.noneYet')}
        </Title>
        <Text>{t('orders.noneYetHint')}</Text>
        <Group gap="sm">
          <Button component={Link} to="/monasteries">
            {t('orders.findMonastery')}
          </Button>
          <Button component={Link} to="/pujas" variant="default">
            {t('orders.browsePujas')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The Messages and Puja Details columns for the selected order. */
function SelectedOrder({ order, loading }: { order: Order | null; loading: boolean }) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
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
            monasteryName={text(order.monastery_puja.monastery, 'name')}
            messages={conversation.data?.messages ?? []}
            messagesUntil={order.messages_until}
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
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={48} />
      <Skeleton height={48} />
      <Skeleton height={48} />
    </Stack>
  );
}
