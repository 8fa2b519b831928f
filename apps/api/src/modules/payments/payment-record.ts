import {
  type CardMoney,
  type CurrencyCode,
  minorToUnits,
  type Payment,
  type PaymentStatus,
  paisaToRupees,
  type Refund,
} from '@puja/contract';
import type { paymentAttempts, refunds } from '../../db/schema/index.ts';

type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** A payment with its refunds, oldest first (docs/decisions/044). */
export type PaymentWithRefunds = PaymentAttemptRow & { refunds: RefundRow[] };

const isOpen = (refund: Pick<RefundRow, 'state'>) => refund.state === 'due' || refund.state === 'requested';

/** What a payment's status reads as: a refund still to make, then a refund made, then the provider's word. */
export function paymentStatusOf(
  row: Pick<PaymentAttemptRow, 'status'> & { refunds: Pick<RefundRow, 'state'>[] },
): PaymentStatus {
  if (row.refunds.some(isOpen)) return 'Refund due';
  if (row.refunds.some((refund) => refund.state === 'refunded')) return 'Refunded';
  return row.status;
}

/** The refund the Payments screen's actions act on: the one still to be made, else the newest. */
export function currentRefund<T extends Pick<RefundRow, 'state'>>(refundRows: T[]): T | undefined {
  return refundRows.find(isOpen) ?? refundRows.at(-1);
}

/**
 * What may still be refunded of a payment (paisa): nothing unless received and kept; else its amount less
 * every refund made or due. A released payment's refund already returns all of it.
 */
export function refundablePaisa(row: PaymentWithRefunds): number {
  if (row.status !== 'Completed' || row.releasedAt !== null) return 0;
  return row.amountPaisa - row.refunds.reduce((sum, refund) => sum + refund.amountPaisa, 0);
}

export function toRefund(row: RefundRow, currency?: CurrencyCode): Refund {
  return {
    id: row.id,
    amount: paisaToRupees(row.amountPaisa),
    reason: row.reason,
    state: row.state,
    due_at: row.dueAt.toISOString(),
    requested_at: row.state === 'requested' ? (row.requestedAt?.toISOString() ?? null) : null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    reference: row.providerReference,
    card_amount:
      currency && row.presentmentAmountMinor !== null
        ? minorToUnits(row.presentmentAmountMinor, currency)
        : null,
    error: row.state === 'due' ? row.error : null,
  };
}

/** A payment as the API shows it. */
export function toPayment(row: PaymentWithRefunds): Payment {
  const card = cardMoneyOf(row);
  const refunds = row.refunds.map((refund) => toRefund(refund, card?.currency));
  const current = currentRefund(refunds);
  return {
    id: row.id,
    provider: row.provider,
    amount: paisaToRupees(row.amountPaisa),
    card,
    status: paymentStatusOf(row),
    reference: row.reference,
    transaction_code: row.providerTransactionCode,
    through_link: row.paymentLinkId !== null,
    payer_name: row.payerName,
    created_at: row.createdAt.toISOString(),
    paid_at: row.completedAt?.toISOString() ?? null,
    refund_reason: current?.reason ?? null,
    refund_amount: current?.amount ?? null,
    refund_due_at: current?.due_at ?? null,
    refund_requested_at: current?.requested_at ?? null,
    refunded_at: current?.refunded_at ?? null,
    refund_reference: current?.reference ?? null,
    refund_error: current?.error ?? null,
    refunds,
    refundable: paisaToRupees(refundablePaisa(row)),
  };
}

/** What a payment row says of its card money (the statement reads them beside its ledger lines). */
export type CardColumns = Pick<
  PaymentAttemptRow,
  | 'amountPaisa'
  | 'presentmentCurrency'
  | 'presentmentAmountMinor'
  | 'ratePaisa'
  | 'rateUnit'
  | 'feeCurrency'
  | 'feeMinor'
  | 'feePaisa'
>;

/**
 * A card payment's money in the payer's currency beside its rupee value (docs/decisions/052): the amount,
 * the rate it was converted at, and Stripe's fee once known. Null for the wallets.
 */
export function cardMoneyOf(row: CardColumns): CardMoney | null {
  if (row.presentmentCurrency === null || row.presentmentAmountMinor === null) return null;
  const currency = row.presentmentCurrency as CurrencyCode;
  const feeCurrency = row.feeCurrency as CurrencyCode | null;
  return {
    currency,
    amount: minorToUnits(row.presentmentAmountMinor, currency),
    rupees: paisaToRupees(row.amountPaisa),
    // Rupees for one unit, to 4 places, as the exchange-rates list shows them.
    rupees_per_unit: Math.round((row.ratePaisa! * 100) / row.rateUnit!) / 10_000,
    fee:
      feeCurrency && row.feeMinor !== null && row.feePaisa !== null
        ? {
            currency: feeCurrency,
            amount: minorToUnits(row.feeMinor, feeCurrency),
            rupees: paisaToRupees(row.feePaisa),
          }
        : null,
  };
}
