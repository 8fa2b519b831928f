import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { paymentAttempts, planPayments } from '../../db/schema/index.ts';

/** A plan paid whole (docs/decisions/055): what the provider knows, its shares per order beside it. */
export type PlanPaymentRow = typeof planPayments.$inferSelect;
type Provider = PlanPaymentRow['provider'];

/**
 * The plan's payment and one share per occurrence, each share an order's payment attempt for that
 * order's price, named after the plan's reference (so the Payments screen shows whose payment it is).
 */
export async function insertPlanPayment(
  tx: Transaction,
  values: {
    planId: number;
    provider: Provider;
    reference: string;
    amountPaisa: number;
    shares: { orderId: number; amountPaisa: number }[];
  },
): Promise<PlanPaymentRow> {
  const { shares, ...payment } = values;
  const [row] = await tx.insert(planPayments).values(payment).returning();
  await tx.insert(paymentAttempts).values(
    shares.map((share) => ({
      ...share,
      provider: values.provider,
      reference: `${values.reference}/${share.orderId}`,
      planPaymentId: row!.id,
    })),
  );
  return row!;
}

/** The reference the provider knows for a payment: a plan share's is its plan payment's. */
export function providerReferenceOf(attempt: { reference: string; planPaymentId: number | null }): string {
  return attempt.planPaymentId === null ? attempt.reference : attempt.reference.replace(/\/\d+$/, '');
}

export async function findPlanPayment(db: Executor, provider: Provider, reference: string) {
  const [row] = await db
    .select()
    .from(planPayments)
    .where(and(eq(planPayments.provider, provider), eq(planPayments.reference, reference)))
    .limit(1);
  return row;
}

/** A plan payment's shares, by order: the order in which their orders are locked. */
export function listSharesOfPlanPayment(db: Executor, planPaymentId: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.planPaymentId, planPaymentId))
    .orderBy(asc(paymentAttempts.orderId));
}

/** The provider confirmed the whole amount: recorded once (a replayed callback finds it Completed). */
export async function markPlanPaymentReceived(
  tx: Transaction,
  planPaymentId: number,
  outcome: { transactionCode: string; providerResponse: unknown },
): Promise<boolean> {
  const rows = await tx
    .update(planPayments)
    .set({
      status: 'Completed',
      completedAt: new Date(),
      providerTransactionCode: outcome.transactionCode,
      lastProviderResponse: outcome.providerResponse,
    })
    .where(and(eq(planPayments.id, planPaymentId), ne(planPayments.status, 'Completed')))
    .returning({ id: planPayments.id });
  return rows.length > 0;
}

/** The provider says it failed: the plan payment and its shares, while still pending. */
export async function failPlanPayment(db: Database, planPaymentId: number, providerResponse: unknown) {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(planPayments)
      .set({ status: 'Failed', lastProviderResponse: providerResponse })
      .where(and(eq(planPayments.id, planPaymentId), eq(planPayments.status, 'Pending')))
      .returning({ id: planPayments.id });
    if (failed.length === 0) return;
    await tx
      .update(paymentAttempts)
      .set({ status: 'Failed' })
      .where(and(eq(paymentAttempts.planPaymentId, planPaymentId), eq(paymentAttempts.status, 'Pending')));
  });
}

export async function notePendingPlanPayment(db: Database, planPaymentId: number, providerResponse: unknown) {
  await db
    .update(planPayments)
    .set({ lastProviderResponse: providerResponse })
    .where(and(eq(planPayments.id, planPaymentId), eq(planPayments.status, 'Pending')));
}

/** Plan payments still Pending after a while, as `listStalePendingAttempts` for an order's. */
export function listStalePendingPlanPayments(db: Database, olderThanSeconds: number, limit = 50) {
  return db
    .select()
    .from(planPayments)
    .where(
      and(
        eq(planPayments.status, 'Pending'),
        lt(planPayments.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        sql`${planPayments.createdAt} > now() - interval '7 days'`,
      ),
    )
    .orderBy(planPayments.createdAt)
    .limit(limit);
}
