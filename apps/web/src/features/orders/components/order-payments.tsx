import '../../../lib/orders-strings.ts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Order, Payment, PaymentStatus, Refund } from '@puja/contract';
import { IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCurrencyAmount, formatMoney, formatPatronMoment } from '../../../lib/formatting.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadReceipt } from '../api/download-receipt.ts';

export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, string> = {
  Pending: 'yellow',
  Completed: 'green',
  Failed: 'red',
  'Refund due': 'orange',
  Refunded: 'gray',
};

/**
 * The money received for the order, each payment with when and how it was paid and what became of it
 * (kept, refund due, asked of Khalti, refunded), and the receipt once something was paid. Times are Nepal
 * time, as on the receipt, labelled so, with the patron's own time beside them (docs/decisions/030).
 */
export function OrderPayments({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const receipt = useDownloadReceipt();

  function downloadReceipt() {
    receipt.mutate(order, {
      onError: (error) => {
        // A 401 has already said 'Session Expired'.
        if (error instanceof ApiError && error.status === 401) return;
        const reason = error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' });
        notifyError(reason, { title: t('orders.receiptFailed'), id: `receipt-${order.id}` });
      },
    });
  }

  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('orders.paymentsHeading')}
      </Title>
      {order.payments.length === 0 ? (
        <Text c="dimmed">{t('orders.paymentsNone')}</Text>
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            aria-label={t('orders.paymentsLabel')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {order.payments.map((payment) => (
              <li key={payment.id}>
                <PaymentRecord payment={payment} />
              </li>
            ))}
          </Stack>
          <Text size="xs" c="dimmed">
            {t('orders.paymentsTimeZone')}
          </Text>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={downloadReceipt}
            loading={receipt.isPending}
          >
            {t('orders.downloadReceipt')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function PaymentRecord({ payment }: { payment: Payment }) {
  const { t } = useTranslation('orders');
  const provider = t(`paymentMethod.${payment.provider}`);
  const paidAt = payment.paid_at ?? payment.created_at;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="payment">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>
          {t('paymentRecord.amountWith', { amount: formatMoney(payment.amount), provider })}
        </Text>
        {/* The tint says it at a glance; the text stays dark, as light badges' own text is below AA. */}
        <Badge color={PAYMENT_STATUS_COLOURS[payment.status]} variant="light" c="dark.7">
          {t(`paymentStatus.${payment.status}`)}
        </Badge>
      </Group>
      <Text size="sm">{t('paymentRecord.paidAt', { time: formatPatronMoment(paidAt) })}</Text>
      {/* A card payment: what the card was charged, in the patron's currency (docs/decisions/052). */}
      {payment.card && (
        <Text size="sm">
          {t('paymentRecord.cardAmount', {
            amount: formatCurrencyAmount(payment.card.amount, payment.card.currency),
          })}
        </Text>
      )}
      {/* Someone else paid through the patron's "Pay for me" link (docs/decisions/051). */}
      {payment.through_link && (
        <Text size="sm">
          {payment.payer_name
            ? t('orders.paidThroughLink', { payer: payment.payer_name })
            : t('orders.paidThroughLinkUnnamed')}
        </Text>
      )}
      {payment.transaction_code && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('paymentRecord.transactionCode', { code: payment.transaction_code })}
        </Text>
      )}
      <RefundState payment={payment} />
    </Paper>
  );
}

/**
 * Each refund of the payment (docs/decisions/044): its amount when it is a part, whether it is due, asked
 * of Khalti or made, and why. Nothing while all of it is kept.
 */
function RefundState({ payment }: { payment: Payment }) {
  const { t } = useTranslation('orders');
  if (payment.refunds.length === 0) return null;
  return (
    <Stack component="ul" gap={4} mt={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {payment.refunds.map((refund) => (
        <li key={refund.id} data-testid="refund">
          {refund.amount !== payment.amount && (
            <Text size="sm">{t('paymentRecord.refundPart', { amount: formatMoney(refund.amount) })}</Text>
          )}
          {/* A card's refund goes back to the card in the currency it was paid in. */}
          {payment.card && refund.card_amount != null && (
            <Text size="sm">
              {t('paymentRecord.cardRefund', {
                amount: formatCurrencyAmount(refund.card_amount, payment.card.currency),
              })}
            </Text>
          )}
          <Text size="sm" fw={500}>
            {refundStateText(t, refund, payment.provider === 'stripe')}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`paymentRecord.reason.${refund.reason}`)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

function refundStateText(t: TFunction<'orders'>, refund: Refund, byCard: boolean): string {
  if (refund.state === 'refunded') {
    const time = formatPatronMoment(refund.refunded_at ?? refund.due_at);
    return refund.reference
      ? t('paymentRecord.refundedWithReference', { time, reference: refund.reference })
      : t('paymentRecord.refunded', { time });
  }
  return refund.requested_at
    ? t(byCard ? 'paymentRecord.refundRequestedCard' : 'paymentRecord.refundRequested', {
        time: formatPatronMoment(refund.requested_at),
      })
    : t('paymentRecord.refundDue', { time: formatPatronMoment(refund.due_at) });
}
