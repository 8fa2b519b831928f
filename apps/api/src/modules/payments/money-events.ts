import { type RefundReason, todayIn } from '@puja/contract';
import type { Transaction } from '../../db/client.ts';
import { countRedos } from '../ledger/ledger.queries.ts';
import {
  postOrderCompleted,
  postOrderRedone,
  postPaymentReceived,
  postRefundDue,
  postRefundPaid,
} from '../ledger/ledger.service.ts';
import { commissionRateOn } from '../payouts/commission.ts';
import {
  findKeptPayment,
  markAttemptReceived,
  markRefundDue,
  markRefunded,
  type PaymentAttemptRow,
} from './payments.queries.ts';

/**
 * Every change of money, with its ledger entry in the same transaction (docs/decisions/031): the services
 * call these instead of the bare updates, so no money moves without its books. Each answers what the
 * guarded update answers (nothing when another change got there first), and posts only when it changed.
 */

/** Money a provider confirmed: kept for the order, or a refund due at once (`refundReason`). */
export async function receivePaymentMoney(
  tx: Transaction,
  attemptId: number,
  outcome: Parameters<typeof markAttemptReceived>[2],
): Promise<PaymentAttemptRow | undefined> {
  const received = await markAttemptReceived(tx, attemptId, outcome);
  if (received) await postPaymentReceived(tx, received);
  return received;
}

/**
 * A kept payment will not pay for a puja after all: all of it is owed back to the patron, or `partPaisa`
 * of it when a concern's resolution refunds part (docs/decisions/036).
 */
export async function makeRefundDue(
  tx: Transaction,
  attemptId: number,
  reason: RefundReason,
  partPaisa?: number,
): Promise<PaymentAttemptRow | undefined> {
  const due = await markRefundDue(tx, attemptId, reason, partPaisa);
  if (due) await postRefundDue(tx, due);
  return due;
}

/** The refund was made through the provider. */
export async function recordRefundPaid(
  tx: Transaction,
  attemptId: number,
  refund: Parameters<typeof markRefunded>[2],
): Promise<PaymentAttemptRow | undefined> {
  const refunded = await markRefunded(tx, attemptId, refund);
  if (refunded) await postRefundPaid(tx, refunded);
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
