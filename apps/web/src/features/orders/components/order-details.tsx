import '../../../lib/orders-strings.ts';
import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  type Order,
  type OrderConversationResponse,
  todayIn,
} from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { DetailsList, type DetailsRow } from '../../../components/details-list.tsx';
import { usePlanLabel } from '../../../components/order-plan-label.tsx';
import { PujaDay } from '../../../components/puja-day.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney } from '../../../lib/formatting.ts';
import { canCancel, canProceedToPayment } from '../utils/order-money.ts';
import { AddToCalendarButton } from './add-to-calendar-button.tsx';
import { GiftOfOwnOrder } from './gift-editor.tsx';
import { OrderConcerns } from './order-concerns.tsx';
import { OfferingOfOrder } from './order-offering.tsx';
import { OrderPayments } from './order-payments.tsx';
import { OrderProof } from './order-proof.tsx';
import classes from './orders.module.css';
import { PatronStatusSummary } from './patron-status.tsx';
import { PaymentLinkPanel } from './payment-link-panel.tsx';
import { PrayerNamesList } from './prayer-names-list.tsx';
import { TibetanDate } from './tibetan-day.tsx';

interface OrderDetailsProps {
  order: Order;
  images: OrderConversationResponse['images'] | undefined;
  imagesFailed: boolean;
  onProceedToPayment: () => void;
  onCancel: () => void;
}

/**
 * The Puja Details column: the order and its number, where it stands in plain words with what happens next,
 * its payment (the provider and the payment's state in words, the transaction code in capitals, '--' when
 * none), paying
 * or cancelling it while it is pending, the money received with any refund, its photos, and its proof: the
 * livestream, the video and the certificate (docs/decisions/037).
 */
export function OrderDetails({
  order,
  images,
  imagesFailed,
  onProceedToPayment,
  onCancel,
}: OrderDetailsProps) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const none = t('orders.none');
  const planLabel = usePlanLabel();
  const rows: DetailsRow[] = [
    [t('orders.number'), order.number],
    // An occurrence of a dedication plan: which, and the plan's page (docs/decisions/056).
    ...(order.plan
      ? [
          [
            t('plans.page.title'),
            <Stack key="plan" gap={2} align="flex-start">
              <Text size="sm">{planLabel(order.plan)}</Text>
              <Anchor component={Link} to={`/plans/${order.plan.id}`} size="sm">
                {t('plans.page.openPlan')}
              </Anchor>
            </Stack>,
          ] as DetailsRow,
        ]
      : []),
    [t('orders.status'), <PatronStatusSummary key="status" order={order} />],
    // Why the monastery declined it, in its words when the reason is its own (docs/decisions/038).
    ...(order.decline
      ? [
          [
            t('orders.declineReason'),
            t(`orders.declineReasons.${order.decline.reason}`, { note: order.decline.note ?? '' }),
          ] as DetailsRow,
        ]
      : []),
    [t('orders.monastery'), text(order.monastery_puja.monastery, 'name')],
    [t('orders.puja'), text(order.monastery_puja.puja, 'name')],
    [t('orders.date'), <PujaDay key="date" date={order.date} time={order.time} />],
    // The day in the Tibetan calendar, by which monasteries hold their pujas (docs/decisions/053).
    [t('tibetanCalendar.title'), <TibetanDate key="tibetan" date={order.date.slice(0, 10)} />],
    [
      t('orders.amount'),
      <span key="amount">
        {formatMoney(order.amount)}
        <ApproximatePrice rupees={order.amount} />
        <OfferingOfOrder order={order} />
      </span>,
    ],
    [t('orders.paymentType'), t(`paymentMethod.${order.payment_type}`)],
    [t('orders.paymentStatus'), t(`paymentStatus.${order.payment_status}`)],
    [t('orders.transactionCode'), order.transaction_code?.toUpperCase() || none],
    [t('orders.beneficiary'), <PrayerNamesList key="names" names={order.names} />],
    [t('orders.intention'), order.intention || none],
    // The patron may change or withdraw it here (docs/decisions/059).
    ...(order.gift
      ? [
          [
            t('gift.dedicate'),
            <GiftOfOwnOrder key="gift" order={order} today={todayIn(DEFAULT_BUSINESS_TIME_ZONE)} />,
          ] as DetailsRow,
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <DetailsList rows={rows} />
      <AddToCalendarButton order={order} />
      {(canProceedToPayment(order) || canCancel(order)) && (
        <Stack gap="xs">
          {canProceedToPayment(order) && (
            <Button onClick={onProceedToPayment} fullWidth>
              {t('orders.proceedToPayment')}
            </Button>
          )}
          {canCancel(order) && (
            <Button onClick={onCancel} fullWidth variant="default" c="red.8">
              {t('orders.cancel')}
            </Button>
          )}
        </Stack>
      )}
      {canProceedToPayment(order) && <PaymentLinkPanel order={order} />}
      <OrderPayments order={order} />
      <OrderConcerns order={order} canRaise />
      <Title order={3} fz="h5">
        {t('orders.imagesHeading')}
      </Title>
      <OrderImages images={images} failed={imagesFailed} />
      {(order.status === 'approved' || order.status === 'completed') && (
        <>
          <Title order={3} fz="h5">
            {t('proof.heading')}
          </Title>
          <OrderProof order={order} />
        </>
      )}
    </Stack>
  );
}

function OrderImages({
  images,
  failed,
}: {
  images: OrderConversationResponse['images'] | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation('orders');
  if (failed) return <Text c="dimmed">{t('orders.conversationFailed')}</Text>;
  if (!images) return <Skeleton height={88} width={88} />;
  if (images.length === 0) return <Text c="dimmed">{t('orders.noImages')}</Text>;
  return (
    <ul className={classes.thumbnails}>
      {images.map((image, index) => (
        <li key={image.id}>
          {/* Signed, short-lived links: opened as they are, in a new tab. */}
          <a
            className={classes.thumbnail}
            href={image.url}
            target="_blank"
            rel="noopener"
            aria-label={t('orders.openImage', { number: index + 1 })}
          >
            <img src={image.url} alt={t('orders.imageAlt', { number: index + 1 })} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
