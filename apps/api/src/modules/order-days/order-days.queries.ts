import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  monasteries,
  monasteryClosures,
  monasteryOrderSettings,
  monasteryPujas,
  orders,
  pujas,
} from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';
import { paymentDueSql } from '../orders/orders.shared-queries.ts';

export type OrderDaySettingsRow = typeof monasteryOrderSettings.$inferSelect;
export type ClosureRow = typeof monasteryClosures.$inferSelect;

/**
 * One monastery-day at a time: every order placed or re-dated into a day takes this lock before counting
 * the day's places, so two requests for its last place are counted one after the other and only one fits.
 * A transaction-scoped advisory lock: nothing to clean up, and other days and monasteries are not held.
 */
export async function lockMonasteryDay(tx: Transaction, monasteryId: number, day: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`order-day:${monasteryId}:${day}`}))`);
}

export async function findMonasteryForOrderDays(executor: Executor, monasteryId: number) {
  const [row] = await executor
    .select({ id: monasteries.id, name: monasteries.name, status: monasteries.status })
    .from(monasteries)
    .where(and(eq(monasteries.id, monasteryId), isNull(monasteries.archivedAt)));
  return row;
}

export async function findOrderDaySettings(
  executor: Executor,
  monasteryId: number,
  lock?: 'update',
): Promise<OrderDaySettingsRow | undefined> {
  const query = executor
    .select()
    .from(monasteryOrderSettings)
    .where(eq(monasteryOrderSettings.monasteryId, monasteryId));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Makes the settings row the first save needs, so every save after it locks and versions one row. */
export async function ensureOrderDaySettings(tx: Transaction, monasteryId: number): Promise<void> {
  await tx.insert(monasteryOrderSettings).values({ monasteryId }).onConflictDoNothing();
}

export async function updateOrderDaySettingsRow(
  tx: Transaction,
  monasteryId: number,
  changes: { dailyCapacity: number | null; cutoffTime: string | null },
): Promise<OrderDaySettingsRow> {
  const [row] = await tx
    .update(monasteryOrderSettings)
    .set({ ...changes, version: nextVersion(monasteryOrderSettings.version) })
    .where(eq(monasteryOrderSettings.monasteryId, monasteryId))
    .returning();
  return row!;
}

/** The monastery's pujas on offer, each with its own daily limit. */
export async function listPujaCapacities(executor: Executor, monasteryId: number) {
  return executor
    .select({
      pivotId: monasteryPujas.id,
      pujaId: monasteryPujas.pujaId,
      name: pujas.name,
      dailyCapacity: monasteryPujas.dailyCapacity,
    })
    .from(monasteryPujas)
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(and(eq(monasteryPujas.monasteryId, monasteryId), isNull(monasteryPujas.archivedAt)))
    .orderBy(asc(pujas.name))
    .limit(500);
}

export async function setPujaCapacity(
  tx: Transaction,
  pivotId: number,
  dailyCapacity: number | null,
): Promise<void> {
  await tx.update(monasteryPujas).set({ dailyCapacity }).where(eq(monasteryPujas.id, pivotId));
}

/** The offering an order is for, with its daily limit. */
export async function findOfferingCapacity(executor: Executor, monasteryPujaId: number) {
  const [row] = await executor
    .select({ dailyCapacity: monasteryPujas.dailyCapacity })
    .from(monasteryPujas)
    .where(eq(monasteryPujas.id, monasteryPujaId));
  return row;
}

/** Closures overlapping from..to, soonest first (bounded: a monastery keeps at most CLOSURES_MAX). */
export async function listClosuresOverlapping(
  executor: Executor,
  monasteryId: number,
  from: string,
  to: string,
): Promise<ClosureRow[]> {
  return executor
    .select()
    .from(monasteryClosures)
    .where(
      and(
        eq(monasteryClosures.monasteryId, monasteryId),
        lte(monasteryClosures.firstDay, to),
        gte(monasteryClosures.lastDay, from),
      ),
    )
    .orderBy(asc(monasteryClosures.firstDay), asc(monasteryClosures.id))
    .limit(500);
}

export async function countOpenClosures(executor: Executor, monasteryId: number, today: string) {
  return executor.$count(
    monasteryClosures,
    and(eq(monasteryClosures.monasteryId, monasteryId), gte(monasteryClosures.lastDay, today)),
  );
}

export async function insertClosure(
  tx: Transaction,
  values: typeof monasteryClosures.$inferInsert,
): Promise<ClosureRow> {
  const [row] = await tx.insert(monasteryClosures).values(values).returning();
  return row!;
}

export async function deleteClosureRow(
  tx: Transaction,
  monasteryId: number,
  closureId: number,
): Promise<ClosureRow | undefined> {
  const [row] = await tx
    .delete(monasteryClosures)
    .where(and(eq(monasteryClosures.id, closureId), eq(monasteryClosures.monasteryId, monasteryId)))
    .returning();
  return row;
}

/**
 * The orders that hold a place on a day (docs/decisions/040): approved and completed ones, paid ones
 * waiting for approval, and unpaid ones still inside their payment window (an order being paid must not
 * lose its day to one placed a minute later), a plan's pay-each occurrence until its `pay_by`. Declined,
 * cancelled and expired ones hold none, nor an unpaid one past its window that the expiry job has not
 * reached yet, nor one paused with its plan.
 */
function holdsAPlace(windowHours: number) {
  return or(
    inArray(orders.status, ['approved', 'completed']),
    and(
      eq(orders.status, 'pending'),
      or(
        eq(orders.paymentStatus, 'Completed'),
        // A pay-each occurrence until its own `pay_by`; a paused one holds none (docs/decisions/058).
        sql`${orders.pausedAt} IS NULL AND ${paymentDueSql(windowHours)} > now()`,
      ),
    ),
  );
}

/** Places taken per day from..to: the monastery's, and (with an offering) that puja's. */
export async function countPlacesByDay(
  executor: Executor,
  filter: {
    monasteryId: number;
    from: string;
    to: string;
    windowHours: number;
    monasteryPujaId?: number | undefined;
    exceptOrderId?: number | undefined;
  },
): Promise<{ day: string; taken: number; takenForPuja: number }[]> {
  const forPuja =
    filter.monasteryPujaId === undefined
      ? sql<number>`0`
      : sql<number>`count(*) FILTER (WHERE ${orders.monasteryPujaId} = ${filter.monasteryPujaId})`;
  return executor
    .select({
      day: orders.pujaDate,
      taken: sql<number>`count(*)`.mapWith(Number),
      takenForPuja: forPuja.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.monasteryId, filter.monasteryId),
        gte(orders.pujaDate, filter.from),
        lte(orders.pujaDate, filter.to),
        holdsAPlace(filter.windowHours),
        filter.exceptOrderId === undefined ? undefined : ne(orders.id, filter.exceptOrderId),
      ),
    )
    .groupBy(orders.pujaDate);
}
