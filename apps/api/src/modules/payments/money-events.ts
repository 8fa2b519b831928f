import { type RefundReason, todayIn } from '@puja/contract';
import type { Transaction } from '../../db/client.ts';
import {
  postOrderCompleted,
  postOrderRedone,
  postPaymentReceived,
  postProviderFee,
  postRefundDue,
  postRefundPaid,
} from '../ledger/ledger.service.ts';
import { countRedos } from '../ledger/ledger.shared-queries.ts';
import { commissionRateOn } from '../payouts/commission.ts';
import {
  findKeptPayment,
  insertRefund,
  listRefundsOfPayment,
  lockPayment,
  markAttemptReceived,
  markRefunded,
  type PaymentAttemptRow,
  type RefundRow,
  releasePayment,
} from './payments.queries.ts';

/**
 * Every change of money, with its ledger entry in the same transaction (docs/decisions/031): the services
 * call these instead of the bare updates, so no money moves without its books. Each answers what the
 * guarded update answers (nothing when another change got there first), and posts only when it changed.
 */

/**
 * The key that names a refund's event (docs/decisions/044): the whole of a payment the order no longer keeps
 * is refunded once (`release`), a concern's refund once per concern.
 */
export const refundKeys = {
  release: (paymentId: number) => `release:${paymentId}`,
  concern: (concernId: number) => `concern:${concernId}`,
};

/** Money a provider confirmed: kept for the order, or, with `refundReason`, all of it a refund due at once. */
export async function receivePaymentMoney(
  tx: Transaction,
  attemptId: number,
  outcome: Omit<Parameters<typeof markAttemptReceived>[2], 'released'> & {
    refundReason?: RefundReason | undefined;
  },
): Promise<PaymentAttemptRow | undefined> {
  const { refundReason, ...received } = outcome;
  const row = await markAttemptReceived(tx, attemptId, { ...received, released: refundReason !== undefined });
  if (!row) return undefined;
  // Straight to refunds payable: the payment_received entry itself says it is owed back.
  if (refundReason)
    await insertRefund(tx, {
      paymentAttemptId: row.id,
      amountPaisa: row.amountPaisa,
      reason: refundReason,
      key: refundKeys.release(row.id),
      presentmentAmountMinor: row.presentmentAmountMinor,
    });
  await postPaymentReceived(tx, row);
  await postProviderFee(tx, row);
  return row;
}

/**
 * What a refund of `amountPaisa` returns in a card payer's currency (docs/decisions/052): the rest of it
 * when the refunds reach the whole payment (so they return exactly what was paid), else its share of the
 * amount paid, rounded half up. Null for the wallets, which pay rupees.
 */
export function cardRefundMinor(
  payment: PaymentAttemptRow,
  earlier: RefundRow[],
  amountPaisa: number,
): number | null {
  if (payment.presentmentAmountMinor === null) return null;
  const earlierPaisa = earlier.reduce((sum, row) => sum + row.amountPaisa, 0);
  const earlierMinor = earlier.reduce((sum, row) => sum + (row.presentmentAmountMinor ?? 0), 0);
  if (earlierPaisa + amountPaisa === payment.amountPaisa)
    return payment.presentmentAmountMinor - earlierMinor;
  const share = Math.round((payment.presentmentAmountMinor * amountPaisa) / payment.amountPaisa);
  return Math.min(share, payment.presentmentAmountMinor - earlierMinor);
}

/**
 * A refund of a kept payment falls due: all that is left of it (`amountPaisa` left out: a decline, a
 * cancellation), or `amountPaisa` of it (a concern's refund, docs/decisions/036). The payment is locked
 * first, so two refunds of it are counted one after the other and never pass what was paid (the
 * database's trigger checks it again). When the refunds reach the whole payment, the order no longer
 * keeps it. Answers nothing when the payment is not kept or the event was recorded before (`key`).
 */
export async function makeRefundDue(
  tx: Transaction,
  attemptId: number,
  refund: { reason: RefundReason; key: string; amountPaisa?: number | undefined; dueBy?: number | undefined },
): Promise<{ payment: PaymentAttemptRow; refund: RefundRow } | undefined> {
  const payment = await lockPayment(tx, attemptId);
  if (payment?.status !== 'Completed' || payment.releasedAt !== null) return undefined;
  const earlierRows = await listRefundsOfPayment(tx, attemptId);
  const earlier = earlierRows.reduce((sum, row) => sum + row.amountPaisa, 0);
  const amountPaisa = refund.amountPaisa ?? payment.amountPaisa - earlier;
  if (amountPaisa <= 0 || earlier + amountPaisa > payment.amountPaisa)
    throw new Error(`payment ${attemptId}: a refund of ${amountPaisa} paisa passes what is left of it`);
  const row = await insertRefund(tx, {
    paymentAttemptId: attemptId,
    amountPaisa,
    reason: refund.reason,
    key: refund.key,
    dueBy: refund.dueBy,
    presentmentAmountMinor: cardRefundMinor(payment, earlierRows, amountPaisa),
  });
  if (!row) return undefined;
  const released =
    earlier + amountPaisa === payment.amountPaisa ? await releasePayment(tx, attemptId) : undefined;
  await postRefundDue(tx, payment, row, earlier);
  return { payment: released ?? payment, refund: row };
}

/** The refund was made through the provider. */
export async function recordRefundPaid(
  tx: Transaction,
  payment: PaymentAttemptRow,
  refundId: number,
  made: Parameters<typeof markRefunded>[2],
): Promise<RefundRow | undefined> {
  const refunded = await markRefunded(tx, refundId, made);
  if (refunded) await postRefundPaid(tx, payment, refunded);
  return refunded;
}

/**
 * The puja was performed: the money kept for it is earned by the monastery, less the commission at the
 * monastery's rate in force that day (docs/decisions/033). An order completes only once approved, and
 * approval needs a kept payment (decision 009).
 */
export async function earnOrderMoney(
  tx: Transaction,
  order: { id: number; monasteryId: number },
  commission: { defaultBasisPoints: number; businessTimeZone: string },
): Promise<void> {
  const kept = await findKeptPayment(tx, order.id);
  // Approval needs kept money and nothing releases it before completion: without it the books are wrong.
  if (!kept) throw new Error(`order ${order.id} was performed with no kept payment to earn`);
  const performance = await countRedos(tx, order.id);
  const basisPoints = await commissionRateOn(
    tx,
    order.monasteryId,
    todayIn(commission.businessTimeZone),
    commission.defaultBasisPoints,
  );
  await postOrderCompleted(tx, order, kept, basisPoints, performance);
}

/**
 * A concern resolved by a redo (docs/decisions/036): the puja is to be performed again, so what its
 * performance earned the monastery and the platform goes back to held until it is completed again.
 */
export async function unearnOrderMoney(
  tx: Transaction,
  order: { id: number },
  concernId: number,
): Promise<void> {
  await postOrderRedone(tx, order, concernId);
}
