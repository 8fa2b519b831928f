import { and, asc, desc, eq, inArray, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  messages,
  monasteries,
  monasteryPujas,
  orderImages,
  orderNames,
  orders,
  paymentAttempts,
  pujas,
  remindersSent,
  users,
} from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';
import { offeringPricingColumns } from '../catalogue/offering-pricing.ts';

const orderColumns = {
  order: orders,
  user: {
    name: users.name,
    email: users.email,
    phone: users.phone,
    language: users.language,
    currency: users.currency,
  },
  // Named in every language entered, under the API's field names: readers see their own (docs/decisions/049).
  monastery: {
    id: monasteries.id,
    name: monasteries.name,
    name_ne: monasteries.nameNe,
    name_zh_hant: monasteries.nameZhHant,
    slug: monasteries.slug,
  },
  puja: { id: pujas.id, name: pujas.name, name_ne: pujas.nameNe, name_zh_hant: pujas.nameZhHant },
  /** Whether the patron or the monastery wrote last (the newest message, through its index). */
  lastMessageFrom: sql<'patron' | 'monastery' | null>`(
    SELECT CASE WHEN ${messages.senderId} = ${orders.userId} THEN 'patron' ELSE 'monastery' END
    FROM ${messages} WHERE ${messages.orderId} = ${orders.id}
    ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC LIMIT 1)`,
};
/** An offering a patron may order now: both sides open and unarchived, the offering current. */
export async function findOrderableOffering(db: Database, monasteryId: number, pujaId: number) {
  const [row] = await db
    .select({
      pivotId: monasteryPujas.id,
      costPaisa: monasteryPujas.costPaisa,
      pricing: offeringPricingColumns,
      planKinds: monasteryPujas.planKinds,
      planPayEach: monasteryPujas.planPayEach,
      planSchedule: monasteryPujas.planSchedule,
      monastery: orderColumns.monastery,
      puja: orderColumns.puja,
    })
    .from(monasteryPujas)
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(
      and(
        eq(monasteryPujas.monasteryId, monasteryId),
        eq(monasteryPujas.pujaId, pujaId),
        isNull(monasteryPujas.archivedAt),
        eq(monasteries.status, 1),
        isNull(monasteries.archivedAt),
        eq(pujas.status, 1),
        isNull(pujas.archivedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inserts an order unless this user already sent one with the same idempotency key: answers the new row,
 * or the id of the order sent before. Only that key's conflict is ignored: a clash of order numbers (one in
 * hundreds of millions) still throws, and the caller draws another number.
 */
export async function insertOrderOnce(
  db: Executor,
  values: typeof orders.$inferInsert,
): Promise<{ inserted: typeof orders.$inferSelect } | { existingId: number }> {
  const [inserted] = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  if (inserted) return { inserted };
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, values.userId), eq(orders.idempotencyKey, values.idempotencyKey!)))
    .limit(1);
  return { existingId: existing!.id };
}

/** The names to pray for of a new order, in the patron's order. */
export async function insertOrderNames(
  tx: Transaction,
  orderId: number,
  names: { name: string; departed: boolean; note?: string | undefined }[],
): Promise<void> {
  if (names.length === 0) return;
  await tx.insert(orderNames).values(
    names.map((entry, position) => ({
      orderId,
      position,
      name: entry.name,
      departed: entry.departed,
      note: entry.note ?? null,
    })),
  );
}

/** Names to pray for with who ticked each (the staff member's name), each order's in the patron's order. */
function selectNames(db: Executor, where: SQL) {
  return db
    .select({
      id: orderNames.id,
      orderId: orderNames.orderId,
      name: orderNames.name,
      departed: orderNames.departed,
      note: orderNames.note,
      readAt: orderNames.readAt,
      readBy: users.name,
    })
    .from(orderNames)
    .leftJoin(users, eq(users.id, orderNames.readBy))
    .where(where)
    .orderBy(asc(orderNames.orderId), asc(orderNames.position));
}

/** The names of these orders. */
export async function listNamesOfOrders(db: Executor, orderIds: number[]) {
  return orderIds.length === 0 ? [] : selectNames(db, inArray(orderNames.orderId, orderIds));
}

export async function findOrderName(db: Executor, nameId: number) {
  const [name] = await selectNames(db, eq(orderNames.id, nameId));
  return name;
}
/**
 * The first names of an order, in the patron's order, and how many it has in all: what a notice or a
 * receipt writes out (docs/decisions/038).
 */
export async function firstNamesOfOrder(db: Executor, orderId: number, limit: number) {
  const where = eq(orderNames.orderId, orderId);
  const [rows, total] = await Promise.all([
    db
      .select({ name: orderNames.name })
      .from(orderNames)
      .where(where)
      .orderBy(asc(orderNames.position))
      .limit(limit),
    db.$count(orderNames, where),
  ]);
  return { names: rows.map((row) => row.name), total };
}

export type OrderNameRow = Awaited<ReturnType<typeof listNamesOfOrders>>[number];

export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

export const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];
/** What staff must prepare next: the soonest puja first. */
export const SOONEST_PUJA_FIRST = [asc(orders.pujaDate), asc(orders.id)];

/** Orders with what their pages show (patron, monastery, puja), newest first unless told otherwise. */
export function selectOrders(db: Executor, where: SQL | undefined, orderBy: SQL[] = NEWEST_FIRST) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(where)
    .orderBy(...orderBy);
}

export async function countOrders(db: Executor, where: SQL | undefined): Promise<number> {
  return db.$count(orders, where);
}

/** How many orders each section of the staff dashboard holds, in one pass over the monastery's orders. */
export async function countStaffSections(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'pending' AND ${orders.paymentStatus} = 'Completed')::int`,
      awaitingPayment: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'pending' AND ${orders.paymentStatus} <> 'Completed')::int`,
      approved: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'approved')::int`,
    })
    .from(orders)
    .where(and(where, inArray(orders.status, ['pending', 'approved'])));
  return row!;
}

/** One page of a patron's own orders, newest first, with how many they have in all. */
export async function listPatronOrders(
  db: Executor,
  patronId: number,
  page: { limit: number; offset: number },
) {
  const mine = eq(orders.userId, patronId);
  const [rows, total] = await Promise.all([
    selectOrders(db, mine).limit(page.limit).offset(page.offset),
    countOrders(db, mine),
  ]);
  return { rows, total };
}

/**
 * The staff dashboard's three sections, soonest puja first, `limit` each, with their full counts: paid
 * orders to approve, unpaid ones awaiting payment, approved ones. One monastery's, or every one's
 * (`monasteryId` undefined, for an administrator).
 */
export async function listStaffSections(db: Executor, monasteryId: number | undefined, limit: number) {
  const mine = monasteryId === undefined ? undefined : eq(orders.monasteryId, monasteryId);
  const paid = eq(orders.paymentStatus, 'Completed');
  const section = (where: SQL | undefined) =>
    selectOrders(db, and(mine, where), SOONEST_PUJA_FIRST).limit(limit);
  const [pending, awaitingPayment, approved, totals] = await Promise.all([
    section(and(eq(orders.status, 'pending'), paid)),
    section(and(eq(orders.status, 'pending'), not(paid))),
    section(eq(orders.status, 'approved')),
    countStaffSections(db, mine),
  ]);
  return { pending, awaitingPayment, approved, totals };
}

/** The money received for these orders (kept, to refund or refunded), oldest first. */
export function listReceivedPaymentsOfOrders(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.orderId, orderIds), eq(paymentAttempts.status, 'Completed')))
    .orderBy(asc(paymentAttempts.completedAt), asc(paymentAttempts.id));
}

export async function findOrderById(db: Executor, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db, eq(orders.id, orderId));
  return row;
}

export function listMessagesOfOrder(db: Database, orderId: number) {
  return db
    .select({ body: messages.body, createdAt: messages.createdAt, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(messages.createdAt, messages.id);
}

export async function insertMessage(
  db: Executor,
  message: { orderId: number; senderId: number; body: string },
): Promise<number> {
  const [row] = await db.insert(messages).values(message).returning({ id: messages.id });
  return row!.id;
}

export function listImagesOfOrder(db: Database, orderId: number) {
  return db
    .select({ id: orderImages.id })
    .from(orderImages)
    .where(eq(orderImages.orderId, orderId))
    .orderBy(orderImages.createdAt, orderImages.id);
}

export async function findOrderImage(db: Database, imageId: number) {
  const [row] = await db.select().from(orderImages).where(eq(orderImages.id, imageId)).limit(1);
  return row;
}

/**
 * When an unpaid order's payment is due, in SQL: a pay-each occurrence's own `pay_by`
 * (docs/decisions/058), else the payment window from when it was placed. (Its day's end caps both: the
 * callers test the day apart.)
 */
export function paymentDueSql(windowHours: number) {
  return sql`coalesce(${orders.payBy}, ${orders.createdAt} + make_interval(hours => ${windowHours}))`;
}

/**
 * Expires unpaid pending orders past their payment window (or a pay-each occurrence's `pay_by`), or whose
 * puja's day has passed, and returns them with their patron's phone. An order whose patron is paying right
 * now (an attempt started within the hour, the providers' own session length) waits, unless its day has
 * passed. A paused occurrence (docs/decisions/058) expires only once its day has passed, and says so
 * (`paused`), so that no notice goes to a patron who paused. Locked rows are skipped: a payment settling
 * the same order meanwhile wins, and the next run looks again.
 */
export async function expireUnpaidOrders(tx: Transaction, rules: { windowHours: number; today: string }) {
  const result = await tx.execute<{ id: number; number: string; phone: string | null; paused: boolean }>(sql`
    WITH expiring AS (
      SELECT ${orders.id} FROM ${orders}
      WHERE ${orders.status} = 'pending' AND ${orders.paymentStatus} IN ('Pending', 'Failed')
        AND (${orders.pujaDate} < ${rules.today}
          OR (${orders.pausedAt} IS NULL AND ${paymentDueSql(rules.windowHours)} < now()
            AND NOT EXISTS (SELECT 1 FROM ${paymentAttempts}
              WHERE ${paymentAttempts.orderId} = ${orders.id} AND ${paymentAttempts.status} = 'Pending'
                AND ${paymentAttempts.createdAt} > now() - interval '1 hour')))
      ORDER BY ${orders.createdAt}
      LIMIT 500
      FOR NO KEY UPDATE SKIP LOCKED
    )
    UPDATE ${orders} SET status = 'expired', updated_at = now(), closed_at = now()
    FROM expiring, ${users}
    WHERE ${orders.id} = expiring.id AND ${users.id} = ${orders.userId}
    RETURNING ${orders.id} AS id, ${orders.number} AS number, ${users.phone} AS phone,
      ${orders.pausedAt} IS NOT NULL AS paused`);
  return result.rows;
}

/**
 * Pay-each occurrences whose payment is due within `days` and whose patron has not been reminded
 * (docs/decisions/058): pending, unpaid, not paused, due later than now, and not placed, resumed or
 * re-dated inside those days (its patron has just seen when it is due). At most `limit`, soonest first.
 */
export function listOccurrencesToRemindOfPayment(db: Executor, rules: { days: number; limit: number }) {
  const remindFrom = sql`${orders.payBy} - make_interval(days => ${rules.days})`;
  return db
    .select({ id: orders.id, number: orders.number, pujaDate: orders.pujaDate, payBy: orders.payBy })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, ['Pending', 'Failed']),
        isNull(orders.pausedAt),
        sql`${orders.payBy} > now() AND ${remindFrom} <= now() AND ${remindFrom} > ${orders.updatedAt}`,
        sql`NOT EXISTS (SELECT 1 FROM ${remindersSent} WHERE ${remindersSent.kind} = 'patron-pay-by' AND ${remindersSent.subjectId} = ${orders.id} AND ${remindersSent.day} = ${orders.pujaDate})`,
      ),
    )
    .orderBy(asc(orders.payBy))
    .limit(rules.limit);
}

/** A patron's cancellation: the caller holds the order's lock and has checked it is still pending. */
export async function markOrderCancelled(tx: Transaction, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'cancelled', closedAt: new Date(), version: nextVersion(orders.version) })
    .where(eq(orders.id, orderId));
}

/**
 * Moves an order to `to` only if it is still in one of `from` (and paid, when `paidOnly`): the condition
 * in the update itself, so a change that raced this one makes it answer nothing rather than overwrite.
 * A final state records when it was reached, for the order's timeline.
 */
export async function moveOrderIfStill(
  tx: Transaction,
  change: {
    orderId: number;
    from: readonly OrderRow['order']['status'][];
    to: OrderRow['order']['status'];
    paidOnly: boolean;
    closes: boolean;
    /** The order is open again (a concern's redo sends a performed puja back to be performed). */
    reopens?: boolean;
    pujaDate?: string;
    /** The time of day to set (`HH:MM`), null to clear it; left out, it stays. */
    pujaTime?: string | null;
    /** A decline's reason (docs/decisions/038). */
    decline?: { reason: NonNullable<OrderRow['order']['declineReason']>; note: string | null };
  },
) {
  const [updated] = await tx
    .update(orders)
    .set({
      status: change.to,
      version: nextVersion(orders.version),
      ...(change.pujaDate ? { pujaDate: change.pujaDate } : {}),
      ...(change.pujaTime !== undefined ? { pujaTime: change.pujaTime } : {}),
      ...(change.closes ? { closedAt: new Date() } : {}),
      ...(change.reopens ? { closedAt: null } : {}),
      ...(change.decline ? { declineReason: change.decline.reason, declineNote: change.decline.note } : {}),
      // SET reads the row as it was: a day or time that really changes counts one revision.
      scheduleRevision: sql`CASE WHEN (${orders.pujaDate}, ${orders.pujaTime}) IS DISTINCT FROM (${
        change.pujaDate ?? sql`${orders.pujaDate}`
      }::date, ${change.pujaTime === undefined ? sql`${orders.pujaTime}` : change.pujaTime}::text)
        THEN ${orders.scheduleRevision} + 1 ELSE ${orders.scheduleRevision} END`,
    })
    .where(
      and(
        eq(orders.id, change.orderId),
        inArray(orders.status, [...change.from]),
        change.paidOnly ? eq(orders.paymentStatus, 'Completed') : undefined,
      ),
    )
    .returning({
      status: orders.status,
      pujaDate: orders.pujaDate,
      pujaTime: orders.pujaTime,
      closedAt: orders.closedAt,
      version: orders.version,
    });
  return updated;
}

export async function insertOrderImages(
  tx: Transaction,
  images: (typeof orderImages.$inferInsert)[],
): Promise<void> {
  await tx.insert(orderImages).values(images);
}
