import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, paymentAttempts } from '../../db/schema/index.ts';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
type Provider = PaymentAttemptRow['provider'];

export async function insertPaymentAttempt(
  db: Database,
  values: { orderId: number; provider: Provider; reference: string; amountPaisa: number },
): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row!;
}

export async function findPaymentAttempt(db: Database, provider: Provider, reference: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)))
    .limit(1);
  return row;
}

/**
 * Marks an attempt and its order paid, once: both updates are guarded, so a replayed or doubled callback
 * changes nothing. Returns whether this call was the one that settled it.
 */
export async function settlePaymentAttempt(
  db: Database,
  attempt: PaymentAttemptRow,
  outcome: { transactionCode: string; providerResponse: unknown },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const settled = await tx
      .update(paymentAttempts)
      .set({
        status: 'Completed',
        completedAt: new Date(),
        providerTransactionCode: outcome.transactionCode,
        lastProviderResponse: outcome.providerResponse,
      })
      .where(and(eq(paymentAttempts.id, attempt.id), ne(paymentAttempts.status, 'Completed')))
      .returning({ id: paymentAttempts.id });
    if (settled.length === 0) return false;
    await tx
      .update(orders)
      .set({
        paymentStatus: 'Completed',
        paymentType: attempt.provider,
        transactionCode: outcome.transactionCode,
      })
      .where(and(eq(orders.id, attempt.orderId), ne(orders.paymentStatus, 'Completed')));
    return true;
  });
}

/** A pending attempt the provider says failed (cancelled, expired, not found). A paid one never changes. */
export async function failPaymentAttempt(
  db: Database,
  attempt: PaymentAttemptRow,
  providerResponse: unknown,
) {
  await db
    .update(paymentAttempts)
    .set({ status: 'Failed', lastProviderResponse: providerResponse })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'Pending')));
}

export async function notePendingAttempt(
  db: Database,
  attempt: PaymentAttemptRow,
  providerResponse: unknown,
) {
  await db
    .update(paymentAttempts)
    .set({ lastProviderResponse: providerResponse })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'Pending')));
}

/** Attempts still Pending after a while: the callback may never come, so we ask the provider. */
export function listStalePendingAttempts(db: Database, olderThanSeconds: number, limit = 50) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'Pending'),
        lt(paymentAttempts.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        // Past a week a provider no longer knows the attempt; support takes over.
        sql`${paymentAttempts.createdAt} > now() - interval '7 days'`,
      ),
    )
    .orderBy(paymentAttempts.createdAt)
    .limit(limit);
}
