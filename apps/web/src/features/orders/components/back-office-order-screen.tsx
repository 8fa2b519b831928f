import '../../../lib/orders-strings.ts';
import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { BackOfficeOrderResponse, Payment } from '@puja/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DetailsList } from '../../../components/details-list.tsx';
import { OrderPlanLabel } from '../../../components/order-plan-label.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatBusinessTime, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBackOfficeOrder } from '../api/get-back-office-order.ts';
import { patronLabel } from '../utils/patron-label.ts';
import { OrderConcerns } from './order-concerns.tsx';
import { PAYMENT_STATUS_COLOURS } from './order-payments.tsx';
import { OrderProof } from './order-proof.tsx';
import { Section } from './order-section.tsx';
import { OrderStageBadges } from './order-stage-badges.tsx';
import { OrderThread } from './order-thread.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { PrayerNamesList } from './prayer-names-list.tsx';
import { ProofStaffForms } from './proof-staff-forms.tsx';
import { StaffOrderActions } from './staff-order-actions.tsx';

interface BackOfficeOrderScreenProps {
  orderId: number;
  /** The orders screen it was opened from: `/monastery/orders` or `/admin/orders`. */
  basePath: string;
  /** Staff act on their monastery's orders; administrators only read them. */
  staff: boolean;
}

/** What the orders screen's link leaves in the history entry: the list's search, to go back to it. */
export interface FromOrdersList {
  listSearch?: string;
}

/**
 * An order's page (docs/product.md#orders-list-and-an-orders-page): the patron, the puja and what it is
 * for, the money, the photos, the thread and the timeline of everything that happened; for the staff of
 * its monastery, what the server says they may do now. Every action reads the page again afterwards.
 */
export function BackOfficeOrderScreen({ orderId, basePath, staff }: BackOfficeOrderScreenProps) {
  const { t } = useTranslation('back-office-orders');
  const page = useBackOfficeOrder(orderId);
  const { state } = useLocation() as { state: FromOrdersList | null };
  const number = page.data?.order.number;
  usePageTitle(number ? t('page.title', { number }) : t('list.title'));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`${basePath}${state?.listSearch ?? ''}`} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('page.back')}
        </Group>
      </Anchor>
      {page.isError ? (
        <QueryErrorAlert error={page.error} onRetry={() => void page.refetch()} />
      ) : !page.data ? (
        <>
          <Skeleton height={36} width={240} />
          <Skeleton height={360} radius="md" />
        </>
      ) : (
        <OrderPage page={page.data} staff={staff} />
      )}
    </Stack>
  );
}

function OrderPage({ page, staff }: { page: BackOfficeOrderResponse; staff: boolean }) {
  const { t } = useTranslation('back-office-orders');
  const text = useCatalogueText();
  const { order } = page;
  const none = t('page.none');
  return (
    <>
      <Stack gap="xs">
        <Title order={1}>{t('page.title', { number: order.number })}</Title>
        <OrderStageBadges order={order} />
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section heading={t('page.patronHeading')}>
            <DetailsList
              rows={[
                [t('page.name'), patronLabel(order.user) || none],
                [t('page.phone'), order.user.phone || none],
                [t('page.email'), order.user.email || none],
              ]}
            />
          </Section>
          <Section heading={t('page.pujaHeading')}>
            <DetailsList
              rows={[
                [
                  t('page.puja'),
                  <span key="puja">
                    {text(order.monastery_puja.puja, 'name')}
                    <OrderPlanLabel plan={order.plan} />
                  </span>,
                ],
                [t('page.monastery'), text(order.monastery_puja.monastery, 'name')],
                [
                  t('page.date'),
                  // With the time the monastery set, in Nepal time (docs/decisions/020).
                  order.time
                    ? `${formatPujaDate(order.date)} · ${t('day.nepalTime', { ns: 'prices', time: order.time })}`
                    : formatPujaDate(order.date),
                ],
                [t('page.beneficiary'), <PrayerNamesList key="names" names={order.names} />],
                [t('page.intention'), order.intention || none],
                [t('page.amount'), formatMoney(order.amount)],
                [t('page.placedAt'), formatBusinessTime(order.created_at)],
                // The reason the patron was given (docs/decisions/038).
                ...(order.decline
                  ? [
                      [
                        t('page.declineReason'),
                        t(`page.declineReasons.${order.decline.reason}`, { note: order.decline.note ?? '' }),
                      ] as [string, string],
                    ]
                  : []),
              ]}
            />
          </Section>
          {page.departed_photo_url && order.plan?.departed_name && (
            <Section heading={t('page.departedPhotoHeading')}>
              <DepartedPhoto url={page.departed_photo_url} name={order.plan.departed_name} />
            </Section>
          )}
          {staff ? (
            <StaffOrderActions page={page} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('page.readOnly')}
            </Text>
          )}
          <Section heading={t('page.moneyHeading')}>
            <OrderMoney payments={order.payments} />
          </Section>
          {/* The patron's concerns and their outcomes: read only here (administrators resolve them). */}
          <OrderConcerns order={order} canRaise={false} />
          <Section heading={t('page.photosHeading')}>
            <OrderPhotos images={page.images} />
          </Section>
          {(order.status === 'approved' || order.status === 'completed') && (
            <Section heading={t('proof.heading', { ns: 'orders' })}>
              <Stack gap="lg">
                <OrderProof order={order} />
                {staff && <ProofStaffForms order={order} />}
              </Stack>
            </Section>
          )}
        </Stack>
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <OrderThread page={page} />
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <OrderTimeline timeline={page.timeline} patron={patronLabel(order.user)} />
          </Paper>
        </Stack>
      </SimpleGrid>
    </>
  );
}

/** The money received, each payment with its provider, time, code and what became of it. */
function OrderMoney({ payments }: { payments: readonly Payment[] }) {
  const { t } = useTranslation('back-office-orders');
  if (payments.length === 0) return <Text c="dimmed">{t('page.noPayments')}</Text>;
  return (
    <Stack gap="xs">
      <Stack
        component="ul"
        gap="xs"
        aria-label={t('page.paymentsLabel')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {payments.map((payment) => (
          <li key={payment.id}>
            <PaymentRecord payment={payment} />
          </li>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        {t('page.timesNote')}
      </Text>
    </Stack>
  );
}

function PaymentRecord({ payment }: { payment: Payment }) {
  const { t } = useTranslation('orders');
  const { t: tb } = useTranslation('back-office-orders');
  const provider = t(`paymentMethod.${payment.provider}`);
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="payment">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>
          {t('paymentRecord.amountWith', { amount: formatMoney(payment.amount), provider })}
        </Text>
        <Badge color={PAYMENT_STATUS_COLOURS[payment.status]} variant="light" c="dark.7">
          {tb(`paymentStatus.${payment.status}`)}
        </Badge>
      </Group>
      <Text size="sm">
        {t('paymentRecord.paidAt', { time: formatBusinessTime(payment.paid_at ?? payment.created_at) })}
      </Text>
      {payment.transaction_code && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('paymentRecord.transactionCode', { code: payment.transaction_code })}
        </Text>
      )}
      {payment.status === 'Refund due' && (
        <Text size="sm" fw={500}>
          {payment.refund_requested_at
            ? t('paymentRecord.refundRequested', { time: formatBusinessTime(payment.refund_requested_at) })
            : t('paymentRecord.refundDue', {
                time: formatBusinessTime(payment.refund_due_at ?? payment.paid_at ?? payment.created_at),
              })}
        </Text>
      )}
      {payment.status === 'Refunded' && (
        <Text size="sm" fw={500}>
          {t('paymentRecord.refunded', {
            time: formatBusinessTime(payment.refunded_at ?? payment.refund_due_at ?? payment.created_at),
          })}
        </Text>
      )}
      {payment.refund_reason && (
        <Text size="sm" c="dimmed">
          {tb(`timeline.reason.${payment.refund_reason}`)}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The photo of the departed a plan's puja is for, which the monks place on the shrine (docs/decisions/060):
 * its staff alone are sent it, through a signed link that lasts 15 minutes.
 */
function DepartedPhoto({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('back-office-orders');
  return (
    <Stack gap="xs">
      <a href={url} target="_blank" rel="noopener" aria-label={t('page.openDepartedPhoto', { name })}>
        <img
          src={url}
          alt={t('page.departedPhotoAlt', { name })}
          style={{ maxWidth: 240, maxHeight: 280, objectFit: 'contain', borderRadius: 4, display: 'block' }}
        />
      </a>
      <Text size="sm" c="dimmed">
        {t('page.departedPhotoHint')}
      </Text>
    </Stack>
  );
}

/** The completion photos, through signed links that last 15 minutes (the page is read afresh each visit). */
function OrderPhotos({ images }: { images: BackOfficeOrderResponse['images'] }) {
  const { t } = useTranslation('back-office-orders');
  if (images.length === 0) return <Text c="dimmed">{t('page.noPhotos')}</Text>;
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3 }}
      spacing="xs"
      component="ul"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {images.map((image, index) => (
        <li key={image.id}>
          <a
            href={image.url}
            target="_blank"
            rel="noopener"
            aria-label={t('page.openPhoto', { number: index + 1 })}
          >
            <img
              src={image.url}
              alt={t('page.photoAlt', { number: index + 1 })}
              loading="lazy"
              style={{ width: '100%', height: 96, objectFit: 'cover', borderRadius: 4, display: 'block' }}
            />
          </a>
        </li>
      ))}
    </SimpleGrid>
  );
}
