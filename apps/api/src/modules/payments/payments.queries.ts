import type { RefundReason } from '@puja/contract';
import { and, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  monasteries,
  monasteryPujas,
  orders,
  paymentAttempts,
  pujas,
  refunds,
  stripeEvents,
  users,
} from '../../db/schema/index.ts';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type Provider = PaymentAttemptRow['provider'];

export async function insertPaymentAttempt(
  db: Database,
  values: {
    orderId: number;
    provider: Provider;
    reference: string;
    amountPaisa: number;
    /** A "Pay for me" link's payment (docs/decisions/051): the link, and the name its payer gave. */
    paymentLinkId?: number;
    payerName?: string | null;
    /** A card payment's currency, amount and the rate fixed now (docs/decisions/052). */
    presentmentCurrency?: string;
    presentmentAmountMinor?: number;
    ratePaisa?: number;
    rateUnit?: number;
  },
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
      version: orders.version,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  return row;
}

/**
 * Records money the provider confirmed, once: a replayed callback finds it Completed and changes nothing.
 * `released`: the order cannot keep it, so all of it is owed back from the moment it is recorded (the
 * caller records the refund).
 */
export async function markAttemptReceived(
  tx: Transaction,
  attemptId: number,
  outcome: {
    transactionCode: string;
    providerResponse: unknown;
    released?: boolean | undefined;
    /** Stripe's fee for a card payment: in its currency and in rupees (docs/decisions/052). */
    fee?: { currency: string; amountMinor: number; paisa: number } | undefined;
  },
): Promise<PaymentAttemptRow | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(paymentAttempts)
    .set({
      ...(outcome.fee
        ? {
            feeCurrency: outcome.fee.currency,
            feeMinor: outcome.fee.amountMinor,
            feePaisa: outcome.fee.paisa,
          }
        : {}),
      status: 'Completed',
      completedAt: now,
      providerTransactionCode: outcome.transactionCode,
      lastProviderResponse: outcome.providerResponse,
      ...(outcome.released ? { releasedAt: now } : {}),
    })
    .where(and(eq(paymentAttempts.id, attemptId), ne(paymentAttempts.status, 'Completed')))
    .returning();
  return row;
}

/**
 * Locks a payment for a refund (docs/decisions/044): two refunds of it count what the other left. Taken
 * after the order's lock, as every change of an order's money takes that first.
 */
export async function lockPayment(tx: Transaction, attemptId: number) {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId))
    .for('no key update');
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
        isNull(paymentAttempts.releasedAt),
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
 * The order no longer keeps this received payment: all of it is owed back (its refund is a row of its own).
 * Once, by a guarded update: answers nothing when it was released already.
 */
export async function releasePayment(
  tx: Transaction,
  attemptId: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await tx
    .update(paymentAttempts)
    .set({ releasedAt: new Date() })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        eq(paymentAttempts.status, 'Completed'),
        isNull(paymentAttempts.releasedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * A refund falls due, once per event: `key` names the event (`ON CONFLICT DO NOTHING` answers nothing when
 * it was recorded before). The database refuses one that would refund more than was paid, or a second open
 * refund of the payment (docs/decisions/044).
 */
export async function insertRefund(
  tx: Transaction,
  values: {
    paymentAttemptId: number;
    amountPaisa: number;
    reason: RefundReason;
    key: string;
    dueBy?: number | undefined;
    /** A card payment's refund in the payer's currency (docs/decisions/052). */
    presentmentAmountMinor?: number | null | undefined;
  },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentAttemptId: values.paymentAttemptId,
      amountPaisa: values.amountPaisa,
      presentmentAmountMinor: values.presentmentAmountMinor ?? null,
      reason: values.reason,
      idempotencyKey: values.key,
      dueBy: values.dueBy ?? null,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  return row;
}

/** A payment's refunds, oldest first. */
export function listRefundsOfPayment(db: Executor, attemptId: number) {
  return db.select().from(refunds).where(eq(refunds.paymentAttemptId, attemptId)).orderBy(refunds.id);
}

/** The refunds of these payments, oldest first (a payment has a handful at most: one per concern). */
export function listRefundsOfPayments(db: Executor, attemptIds: number[]): Promise<RefundRow[]> {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.paymentAttemptId, attemptIds)).orderBy(refunds.id);
}

/** Each payment with its refunds, as `toPayment` reads it. */
export async function withRefunds<T extends { id: number }>(
  db: Executor,
  payments: T[],
): Promise<(T & { refunds: RefundRow[] })[]> {
  const rows = await listRefundsOfPayments(
    db,
    payments.map((payment) => payment.id),
  );
  return payments.map((payment) => ({
    ...payment,
    refunds: rows.filter((refund) => refund.paymentAttemptId === payment.id),
  }));
}

/** The payment's refund still to be made (at most one: a unique index), if any. */
export async function findOpenRefund(db: Executor, attemptId: number) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentAttemptId, attemptId), inArray(refunds.state, ['due', 'requested'])))
    .limit(1);
  return row;
}

export async function findRefundById(db: Executor, refundId: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  return row;
}

/**
 * Sets the order's payment status from its payments, in the same transaction that changed them:
 * Completed while one received payment is kept (also after a concern refunded part of it), else Refund due
 * while money is still to be returned, else Refunded when all of it was, else Pending (nothing received).
 */
export async function refreshOrderPaymentStatus(tx: Transaction, orderId: number): Promise<void> {
  const received = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${paymentAttempts} WHERE ${paymentAttempts.orderId} = ${orders.id}
      AND ${paymentAttempts.status} = 'Completed' AND ${condition})`;
  const refund = (state: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${refunds} WHERE ${refunds.paymentAttemptId} = ${paymentAttempts.id} AND ${state})`;
  await tx
    .update(orders)
    .set({
      paymentStatus: sql`CASE
        WHEN ${received(sql`${paymentAttempts.releasedAt} IS NULL`)} THEN 'Completed'
        WHEN ${received(refund(sql`${refunds.state} IN ('due', 'requested')`))} THEN 'Refund due'
        WHEN ${received(refund(sql`${refunds.state} = 'refunded'`))} THEN 'Refunded'
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
        // A plan's share is settled with its plan's payment (plan-payments.queries.ts).
        isNull(paymentAttempts.planPaymentId),
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
export async function markRefundRequested(tx: Transaction, refundId: number, adminId: number) {
  const [row] = await tx
    .update(refunds)
    .set({ state: 'requested', requestedAt: new Date(), refundedBy: adminId, error: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'due')))
    .returning();
  return row;
}

/** The money went back: from `due` or `requested`, once. */
export async function markRefunded(
  tx: Transaction,
  refundId: number,
  refund: { reference: string | null; adminId?: number },
) {
  const [row] = await tx
    .update(refunds)
    .set({
      state: 'refunded',
      refundedAt: new Date(),
      providerReference: refund.reference,
      error: null,
      ...(refund.adminId ? { refundedBy: refund.adminId } : {}),
    })
    .where(and(eq(refunds.id, refundId), inArray(refunds.state, ['due', 'requested'])))
    .returning();
  return row;
}

/** Khalti refused the refund (or cannot say): it is due again, with the reason for the administrator. */
export async function markRefundRefused(db: Executor, refundId: number, reason: string) {
  await db
    .update(refunds)
    .set({ state: 'due', requestedAt: null, error: reason.slice(0, 500) })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'requested')));
}

/** Khalti refunds asked for a while ago and not confirmed, with their payment: the refunds job finds out. */
export function listUnconfirmedRefunds(db: Database, olderThanSeconds: number, limit = 50) {
  return db
    .select({ refund: refunds, payment: paymentAttempts })
    .from(refunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.paymentAttemptId))
    .where(
      and(
        eq(refunds.state, 'requested'),
        lt(refunds.requestedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(refunds.requestedAt)
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

const anyRefund = (condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${refunds} WHERE ${refunds.paymentAttemptId} = ${paymentAttempts.id} AND ${condition})`;
const openRefund = anyRefund(sql`${refunds.state} IN ('due', 'requested')`);
/** When the payment's open refund fell due (null without one): the Payments screen lists those first. */
const openRefundDueAt = sql`(SELECT ${refunds.dueAt} FROM ${refunds} WHERE ${refunds.paymentAttemptId} = ${paymentAttempts.id}
  AND ${refunds.state} IN ('due', 'requested'))`;

function paymentFilterConditions(filters: PaymentFilters): SQL | undefined {
  // The same reading as `paymentStatusOf`: an open refund first, then one made, then the provider's word.
  const statusCondition: Record<NonNullable<PaymentFilters['status']>, SQL> = {
    Pending: sql`${paymentAttempts.status} = 'Pending'`,
    Failed: sql`${paymentAttempts.status} = 'Failed'`,
    Completed: sql`${paymentAttempts.status} = 'Completed' AND NOT ${anyRefund(sql`true`)}`,
    'Refund due': openRefund,
    Refunded: sql`${anyRefund(sql`${refunds.state} = 'refunded'`)} AND NOT ${openRefund}`,
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
      sql`${openRefundDueAt} ASC NULLS LAST`,
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
      amountPaisa: sql<number>`coalesce(sum(${refunds.amountPaisa}), 0)::bigint`,
    })
    .from(refunds)
    .where(inArray(refunds.state, ['due', 'requested']));
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

/** Whether a Stripe webhook event was acted on before (Stripe may deliver one more than once). */
export async function wasStripeEventHandled(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, eventId));
  return row !== undefined;
}

/** Notes a Stripe event as acted on; a second delivery that raced this one changes nothing. */
export async function markStripeEventHandled(db: Executor, eventId: string, type: string): Promise<void> {
  await db.insert(stripeEvents).values({ id: eventId, type }).onConflictDoNothing();
}
