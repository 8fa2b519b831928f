import '../../../lib/orders-strings.ts';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { AdminPayment } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { RecordCards } from '../../../components/record-cards.tsx';
import { TableEmptyRow } from '../../../components/table-rows.tsx';
import {
  formatBusinessTime,
  formatCurrencyAmount,
  formatMoney,
  formatPujaDate,
} from '../../../lib/formatting.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import { PAYMENT_STATUS_COLORS } from '../utils/payment-colors.ts';
import classes from './payments-table.module.css';

const COLUMN_COUNT = 9;
/** Nine columns need a desktop's width beside the menu: below it each payment is a card. */
const PAYMENT_CARDS_QUERY = '(max-width: 74.99em)';

interface PaymentsTableProps {
  payments: readonly AdminPayment[];
  emptyText: string;
  onRefundThroughProvider: (payment: AdminPayment) => void;
  onRecordRefund: (payment: AdminPayment) => void;
}

/**
 * One payment a row: its order, patron, monastery and puja, provider, amount (for a card payment also
 * what the payer paid in their currency and Stripe's fee), status, when it was paid and refunded (Nepal
 * time), its references, and the refund actions while a refund is due.
 */
export function PaymentsTable({
  payments,
  emptyText,
  onRefundThroughProvider,
  onRecordRefund,
}: PaymentsTableProps) {
  const { t } = useTranslation('admin');
  const cards = useCardLayout(PAYMENT_CARDS_QUERY);
  const statusBadge = (payment: AdminPayment) => (
    <>
      {/* The tint says it at a glance; the text stays dark, as light badges' own text is below AA. */}
      <Badge color={PAYMENT_STATUS_COLORS[payment.status]} variant="light" c="dark.7" miw="max-content">
        {t(`paymentStatus.${payment.status}`)}
      </Badge>
      {payment.refund_reason && (
        <Text size="xs" c="dimmed" mt={4}>
          {t(`payments.reason.${payment.refund_reason}`)}
        </Text>
      )}
    </>
  );
  if (cards) {
    return (
      <RecordCards
        label={t('payments.tableLabel')}
        rows={payments}
        rowKey={(payment) => payment.id}
        title={(payment) => (
          <>
            <Text fw={600} ff="monospace">
              {payment.order.number}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`orderStatus.${payment.order.status}`, { ns: 'orders' })} ·{' '}
              {t('payments.pujaOn', { date: formatPujaDate(payment.order.puja_date) })}
            </Text>
          </>
        )}
        aside={(payment) => <Text fw={600}>{formatMoney(payment.amount)}</Text>}
        fields={(payment) => [
          ...(payment.card
            ? [{ label: t('payments.columns.card'), value: <CardMoneyLines payment={payment} /> }]
            : []),
          { label: t('payments.columns.status'), value: statusBadge(payment) },
          {
            label: t('payments.columns.patron'),
            value: [payment.order.patron.name || t('table.none'), payment.order.patron.phone]
              .filter(Boolean)
              .join(', '),
          },
          {
            label: t('payments.columns.monasteryPuja'),
            value: `${payment.order.monastery}, ${payment.order.puja}`,
          },
          {
            label: t('payments.columns.provider'),
            value: t(`paymentMethod.${payment.provider}`, { ns: 'orders' }),
          },
          { label: t('payments.columns.dates'), value: <PaymentDates payment={payment} /> },
          { label: t('payments.columns.references'), value: <PaymentReferences payment={payment} /> },
        ]}
        actions={(payment) =>
          payment.status === 'Refund due' ? (
            <RefundActions
              payment={payment}
              onRefundThroughProvider={onRefundThroughProvider}
              onRecordRefund={onRecordRefund}
            />
          ) : null
        }
        emptyText={emptyText}
      />
    );
  }
  return (
    // Wider than the screen beside the menu: keyboard users scroll it too, even when no row has a button
    // to tab to (axe's scrollable-region-focusable). The actions column stays in sight (the CSS module).
    <Table.ScrollContainer minWidth={1280} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label={t('payments.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.columns.order')}</Table.Th>
            <Table.Th>{t('payments.columns.patron')}</Table.Th>
            <Table.Th>{t('payments.columns.monasteryPuja')}</Table.Th>
            <Table.Th>{t('payments.columns.provider')}</Table.Th>
            <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
            <Table.Th>{t('payments.columns.status')}</Table.Th>
            <Table.Th>{t('payments.columns.dates')}</Table.Th>
            <Table.Th>{t('payments.columns.references')}</Table.Th>
            <Table.Th className={classes.actions}>{t('payments.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.length === 0 && <TableEmptyRow columns={COLUMN_COUNT}>{emptyText}</TableEmptyRow>}
          {payments.map((payment) => (
            <Table.Tr key={payment.id} data-testid="payment-row">
              <Table.Td>
                <Text fw={600} ff="monospace">
                  {payment.order.number}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`orderStatus.${payment.order.status}`, { ns: 'orders' })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('payments.pujaOn', { date: formatPujaDate(payment.order.puja_date) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{payment.order.patron.name || t('table.none')}</Text>
                {payment.order.patron.phone && (
                  <Text size="xs" c="dimmed">
                    {payment.order.patron.phone}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{payment.order.monastery}</Text>
                <Text size="xs" c="dimmed">
                  {payment.order.puja}
                </Text>
              </Table.Td>
              <Table.Td>{t(`paymentMethod.${payment.provider}`, { ns: 'orders' })}</Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatMoney(payment.amount)}</Text>
                <CardMoneyLines payment={payment} />
              </Table.Td>
              <Table.Td>{statusBadge(payment)}</Table.Td>
              <Table.Td>
                <PaymentDates payment={payment} />
              </Table.Td>
              <Table.Td>
                <PaymentReferences payment={payment} />
              </Table.Td>
              <Table.Td className={classes.actions}>
                <RefundActions
                  payment={payment}
                  onRefundThroughProvider={onRefundThroughProvider}
                  onRecordRefund={onRecordRefund}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * When it was paid, then each refund (docs/decisions/044): its amount when it is a part, when it fell
 * due, was asked of Khalti and was made; and what may still be refunded of a payment refunded in part.
 */
function PaymentDates({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const lines: string[] = [];
  if (payment.paid_at) lines.push(t('payments.paid', { time: formatBusinessTime(payment.paid_at) }));
  else lines.push(t('payments.started', { time: formatBusinessTime(payment.created_at) }));
  for (const refund of payment.refunds) {
    // A card refund goes back in the payer's currency: the amount Stripe returns, as recorded.
    if (payment.card && refund.card_amount != null)
      lines.push(
        t('payments.refundCardAmount', {
          card: formatCurrencyAmount(refund.card_amount, payment.card.currency),
          amount: formatMoney(refund.amount),
        }),
      );
    else if (refund.amount !== payment.amount)
      lines.push(t('payments.refundAmount', { amount: formatMoney(refund.amount) }));
    lines.push(t('payments.refundDue', { time: formatBusinessTime(refund.due_at) }));
    if (refund.requested_at)
      lines.push(
        t(payment.provider === 'stripe' ? 'payments.refundRequestedStripe' : 'payments.refundRequested', {
          time: formatBusinessTime(refund.requested_at),
        }),
      );
    if (refund.refunded_at)
      lines.push(t('payments.refunded', { time: formatBusinessTime(refund.refunded_at) }));
  }
  if (payment.refunds.length > 0 && payment.refundable > 0)
    lines.push(t('payments.refundable', { amount: formatMoney(payment.refundable) }));
  return (
    <Stack gap={2}>
      {lines.map((line, index) => (
        // Two parts may read alike (the same amount, the same minute): the position tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are rebuilt whole on every render
        <Text key={`${index}-${line}`} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function PaymentReferences({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const lines = [
    t('payments.reference', { reference: payment.reference }),
    payment.transaction_code && t('payments.transactionCode', { code: payment.transaction_code }),
    ...payment.refunds.map(
      (refund) => refund.reference && t('payments.refundReference', { reference: refund.reference }),
    ),
  ].filter((line): line is string => Boolean(line));
  return (
    <Stack gap={2} maw={240}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are rebuilt whole on every render
        <Text key={`${index}-${line}`} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A card payment's money as the server recorded it (docs/decisions/052, 057): what the payer paid in
 * their currency for the rupees above, the rate it was converted at, and Stripe's fee with its rupees
 * (the platform's cost). Nothing for the wallets, which take rupees.
 */
function CardMoneyLines({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const { card } = payment;
  if (!card) return null;
  const lines = [
    t('payments.cardPaid', { amount: formatCurrencyAmount(card.amount, card.currency) }),
    t('payments.cardRate', { rate: formatMoney(card.rupees_per_unit), currency: card.currency }),
    card.fee
      ? t('payments.cardFee', {
          fee: formatCurrencyAmount(card.fee.amount, card.fee.currency),
          rupees: formatMoney(card.fee.rupees),
        })
      : t('payments.cardFeeUnknown'),
  ];
  return (
    <Stack gap={0} data-testid="card-money">
      {lines.map((line) => (
        <Text key={line} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

interface RefundActionsProps {
  payment: AdminPayment;
  onRefundThroughProvider: (payment: AdminPayment) => void;
  onRecordRefund: (payment: AdminPayment) => void;
}

/**
 * While a refund is due: a Khalti payment is refunded through Khalti, a card payment through Stripe, in
 * the currency it was paid in (or, when the provider refused, in its portal and recorded here, its refusal
 * shown); an eSewa payment is refunded in eSewa's portal (no refund API) and recorded. A refund already
 * asked for is left to the automatic retries.
 */
function RefundActions({ payment, onRefundThroughProvider, onRecordRefund }: RefundActionsProps) {
  const { t } = useTranslation('admin');
  const number = payment.order.number;
  if (payment.status !== 'Refund due') {
    return (
      <Text size="sm" c="dimmed">
        {t('table.none')}
      </Text>
    );
  }
  if (payment.provider === 'esewa') {
    return (
      <Button
        size="xs"
        variant="light"
        onClick={() => onRecordRefund(payment)}
        aria-label={t('payments.recordEsewaOf', { number })}
      >
        {t('payments.recordEsewa')}
      </Button>
    );
  }
  const byCard = payment.provider === 'stripe';
  if (payment.refund_requested_at) {
    return (
      <Text size="xs" maw={180}>
        {t(byCard ? 'payments.refundUnderWayStripe' : 'payments.refundUnderWay')}
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      {payment.refund_error && (
        <Text size="xs" c="red.8" maw={220} style={{ overflowWrap: 'anywhere' }}>
          {t(byCard ? 'payments.stripeRefused' : 'payments.khaltiRefused', { reason: payment.refund_error })}
        </Text>
      )}
      <Button
        size="xs"
        onClick={() => onRefundThroughProvider(payment)}
        aria-label={t(byCard ? 'payments.refundStripeOf' : 'payments.refundKhaltiOf', { number })}
      >
        {t(byCard ? 'payments.refundStripe' : 'payments.refundKhalti')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => onRecordRefund(payment)}
        aria-label={t('payments.recordRefundOf', { number })}
      >
        {t('payments.recordRefund')}
      </Button>
    </Stack>
  );
}
