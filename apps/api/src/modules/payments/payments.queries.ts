import type { RefundReason } from '@puja/contract';
import { and, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, paymentAttempts, pujas, users } from '../../db/schema/index.ts';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
type Provider = PaymentAttemptRow['provider'];

export async function insertPaymentAttempt(
  db: Database,
  values: { orderId: number; provider: Provider; reference: string; amountPaisa: number },
): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row!;
}

export async function findPaymentAttempt(db: Executor, provider: Provider, reference: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)))
    .limit(1);
  return row;
}

export async function findPaymentAttemptById(db: Executor, attemptId: number) {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).limit(1);
  return row;
}

/**
 * Locks an order for a change of its money or state. Every such change takes this lock first, so a
 * payment settling and a decline, cancel or expiry of the same order run one after the other.
 */
export async function lockOrder(tx: Transaction, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      pujaDate: orders.pujaDate,
      pujaTime: orders.pujaTime,
      closedAt: orders.closedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  return row;
}

/**
 * Records money the provider confirmed, once: a replayed callback finds it Completed and changes nothing.
 * `refundReason`: the order cannot keep it, so it is a refund due from the moment it is recorded.
 */
export async function markAttemptReceived(
  tx: Transaction,
  attemptId: number,
  outcome: { transactionCode: string; providerResponse: unknown; refundReason?: RefundReason | undefined },
): Promise<PaymentAttemptRow | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(paymentAttempts)
    .set({
      status: 'Completed',
      completedAt: now,
      providerTransactionCode: outcome.transactionCode,
      lastProviderResponse: outcome.providerResponse,
      ...(outcome.refundReason
        ? { refundStatus: 'due' as const, refundReason: outcome.refundReason, refundDueAt: now }
        : {}),
    })
    .where(and(eq(paymentAttempts.id, attemptId), ne(paymentAttempts.status, 'Completed')))
    .returning();
  return row;
}

/** The received payment an order keeps for its puja, if any (at most one: a unique index says so). */
export async function findKeptPayment(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'Completed'),
        isNull(paymentAttempts.refundStatus),
      ),
    )
    .limit(1);
  return row;
}

/** The order now rests on this payment: its provider and transaction code are the order's. */
export async function recordOrderPayment(tx: Transaction, orderId: number, attempt: PaymentAttemptRow) {
  await tx
    .update(orders)
    .set({ paymentType: attempt.provider, transactionCode: attempt.providerTransactionCode })
    .where(eq(orders.id, orderId));
}

/**
 * Money received that the order will not keep: a refund of all of it is due from now, or of `partPaisa`
 * of it (a concern's refund of a performed puja, docs/decisions/036; the database allows a part only then).
 */
export async function markRefundDue(
  tx: Transaction,
  attemptId: number,
  reason: RefundReason,
  partPaisa?: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await tx
    .update(paymentAttempts)
    .set({
      refundStatus: 'due',
      refundReason: reason,
      refundDueAt: new Date(),
      ...(partPaisa === undefined ? {} : { refundAmountPaisa: partPaisa }),
    })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        eq(paymentAttempts.status, 'Completed'),
        isNull(paymentAttempts.refundStatus),
      ),
    )
    .returning();
  return row;
}

/**
 * Sets the order's payment status from its payments, in the same transaction that changed them:
 * Completed while one received payment is kept (or kept in part, after a concern's partial refund), else Refund due while money is still to be returned,
 * else Refunded when all of it was, else Pending (nothing received).
 */
export async function refreshOrderPaymentStatus(tx: Transaction, orderId: number): Promise<void> {
  const received = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${paymentAttempts} WHERE ${paymentAttempts.orderId} = ${orders.id}
      AND ${paymentAttempts.status} = 'Completed' AND ${condition})`;
  await tx
    .update(orders)
    .set({
      paymentStatus: sql`CASE
        WHEN ${received(sql`(${paymentAttempts.refundStatus} IS NULL OR ${paymentAttempts.refundAmountPaisa} IS NOT NULL)`)} THEN 'Completed'
        WHEN ${received(sql`${paymentAttempts.refundStatus} IN ('due', 'requested')`)} THEN 'Refund due'
        WHEN ${received(sql`${paymentAttempts.refundStatus} = 'refunded'`)} THEN 'Refunded'
        ELSE 'Pending' END`,
    })
    .where(eq(orders.id, orderId));
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

// ---- Refunds ----

/** A Khalti refund is being asked for: from `due` only, so two clicks cannot both call Khalti. */
export async function markRefundRequested(tx: Transaction, attemptId: number, adminId: number) {
  const [row] = await tx
    .update(paymentAttempts)
    .set({ refundStatus: 'requested', refundRequestedAt: new Date(), refundedBy: adminId, refundError: null })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        eq(paymentAttempts.provider, 'khalti'),
        eq(paymentAttempts.refundStatus, 'due'),
      ),
    )
    .returning();
  return row;
}

/** The money went back: from `due` or `requested`, once. */
export async function markRefunded(
  tx: Transaction,
  attemptId: number,
  refund: { reference: string | null; adminId?: number },
) {
  const [row] = await tx
    .update(paymentAttempts)
    .set({
      refundStatus: 'refunded',
      refundedAt: new Date(),
      refundReference: refund.reference,
      refundError: null,
      ...(refund.adminId ? { refundedBy: refund.adminId } : {}),
    })
    .where(
      and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.refundStatus, ['due', 'requested'])),
    )
    .returning();
  return row;
}

/** Khalti refused the refund: it is due again, with Khalti's reason for the administrator. */
export async function markRefundRefused(db: Executor, attemptId: number, reason: string) {
  await db
    .update(paymentAttempts)
    .set({ refundStatus: 'due', refundRequestedAt: null, refundError: reason.slice(0, 500) })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.refundStatus, 'requested')));
}

/** Khalti refunds asked for a while ago and not confirmed: the refunds job finds out what happened. */
export function listUnconfirmedRefunds(db: Database, olderThanSeconds: number, limit = 50) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.refundStatus, 'requested'),
        lt(paymentAttempts.refundRequestedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(paymentAttempts.refundRequestedAt)
    .limit(limit);
}

// ---- The administrator's list ----

export interface PaymentFilters {
  status?: 'Pending' | 'Completed' | 'Failed' | 'Refund due' | 'Refunded' | undefined;
  provider?: Provider | undefined;
  /** UTC bounds of the business days asked for. */
  from?: Date | undefined;
  to?: Date | undefined;
  numberPrefix?: string | undefined;
}

function paymentFilterConditions(filters: PaymentFilters): SQL | undefined {
  const statusCondition: Record<NonNullable<PaymentFilters['status']>, SQL> = {
    Pending: sql`${paymentAttempts.status} = 'Pending'`,
    Failed: sql`${paymentAttempts.status} = 'Failed'`,
    Completed: sql`${paymentAttempts.status} = 'Completed' AND ${paymentAttempts.refundStatus} IS NULL`,
    'Refund due': sql`${paymentAttempts.refundStatus} IN ('due', 'requested')`,
    Refunded: sql`${paymentAttempts.refundStatus} = 'refunded'`,
  };
  return and(
    filters.status ? statusCondition[filters.status] : undefined,
    filters.provider ? eq(paymentAttempts.provider, filters.provider) : undefined,
    filters.from ? sql`${paymentAttempts.createdAt} >= ${filters.from}` : undefined,
    filters.to ? sql`${paymentAttempts.createdAt} < ${filters.to}` : undefined,
    filters.numberPrefix
      ? sql`${orders.number} LIKE ${`${filters.numberPrefix.replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
  );
}

const adminPaymentColumns = {
  payment: paymentAttempts,
  order: {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    pujaDate: orders.pujaDate,
  },
  patron: { name: users.name, phone: users.phone },
  monastery: monasteries.name,
  puja: pujas.name,
};
export type AdminPaymentRow = Awaited<ReturnType<typeof selectAdminPayments>>[number];

/** Payments with their order, refunds still to make first (oldest due first), then newest first. */
export function selectAdminPayments(db: Executor, filters: PaymentFilters) {
  return db
    .select(adminPaymentColumns)
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(paymentFilterConditions(filters))
    .orderBy(
      sql`(${paymentAttempts.refundStatus} IN ('due', 'requested')) IS TRUE DESC`,
      sql`CASE WHEN ${paymentAttempts.refundStatus} IN ('due', 'requested') THEN ${paymentAttempts.refundDueAt} END`,
      sql`${paymentAttempts.createdAt} DESC`,
      sql`${paymentAttempts.id} DESC`,
    )
    .$dynamic();
}

export async function countAdminPayments(db: Executor, filters: PaymentFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(paymentFilterConditions(filters));
  return row?.count ?? 0;
}

export async function sumRefundsDue(db: Executor): Promise<{ count: number; amountPaisa: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountPaisa: sql<number>`coalesce(sum(coalesce(${paymentAttempts.refundAmountPaisa}, ${paymentAttempts.amountPaisa})), 0)::bigint`,
    })
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.refundStatus, ['due', 'requested']));
  return { count: row?.count ?? 0, amountPaisa: Number(row?.amountPaisa ?? 0) };
}

/** One payment with its order, as the administrator's list shows it. */
export async function findAdminPayment(db: Executor, attemptId: number) {
  const [row] = await selectAdminPayments(db, {}).where(eq(paymentAttempts.id, attemptId)).limit(1);
  return row;
}

/** Money received for an order (kept, to refund or refunded), oldest first: what its receipts show. */
export function listReceivedPayments(db: Executor, orderId: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'Completed')))
    .orderBy(paymentAttempts.completedAt, paymentAttempts.id);
}
