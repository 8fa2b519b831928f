import { type Payment, type PaymentStatus, paisaToRupees } from '@puja/contract';
import type { paymentAttempts } from '../../db/schema/index.ts';

type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** What a payment's status reads as: the provider's word, then its refund once it has one. */
export function paymentStatusOf(row: Pick<PaymentAttemptRow, 'status' | 'refundStatus'>): PaymentStatus {
  if (row.refundStatus === 'refunded') return 'Refunded';
  if (row.refundStatus === 'due' || row.refundStatus === 'requested') return 'Refund due';
  return row.status;
}

/** What a payment's refund returns (paisa): all of it, or the part a concern's refund gives back. */
export function refundedPaisa(row: Pick<PaymentAttemptRow, 'amountPaisa' | 'refundAmountPaisa'>): number {
  return row.refundAmountPaisa ?? row.amountPaisa;
}

/** A payment as the API shows it. */
export function toPayment(row: PaymentAttemptRow): Payment {
  return {
    id: row.id,
    provider: row.provider,
    amount: paisaToRupees(row.amountPaisa),
    status: paymentStatusOf(row),
    reference: row.reference,
    transaction_code: row.providerTransactionCode,
    created_at: row.createdAt.toISOString(),
    paid_at: row.completedAt?.toISOString() ?? null,
    refund_reason: row.refundReason,
    refund_amount: row.refundStatus === null ? null : paisaToRupees(refundedPaisa(row)),
    refund_due_at: row.refundDueAt?.toISOString() ?? null,
    refund_requested_at:
      row.refundStatus === 'requested' ? (row.refundRequestedAt?.toISOString() ?? null) : null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_reference: row.refundReference,
    refund_error: row.refundStatus === 'due' ? row.refundError : null,
  };
}
