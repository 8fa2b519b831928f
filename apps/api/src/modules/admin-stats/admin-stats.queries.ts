import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, pujas, users } from '../../db/schema/index.ts';
import { earnedByOrder } from '../ledger/ledger.shared-queries.ts';

/**
 * The administrator's dashboard figures that count orders and people, each one aggregate query: no order
 * is loaded into memory. Its money comes from the ledger (ledger.service.ts), as every figure of money does.
 */

export async function selectTotals(db: Executor) {
  const result = await db.execute<{
    orders: number;
    patrons: number;
    monasteries: number;
    orphaned_orders: number;
  }>(sql`
    SELECT
      (SELECT count(*) FROM ${orders})::int AS orders,
      (SELECT count(*) FROM ${users}
        WHERE ${users.role} = 'user' AND ${users.archivedAt} IS NULL)::int AS patrons,
      (SELECT count(*) FROM ${monasteries} WHERE ${monasteries.archivedAt} IS NULL)::int AS monasteries,
      (SELECT count(*) FROM ${orders} JOIN ${monasteries} ON ${monasteries.id} = ${orders.monasteryId}
        WHERE ${monasteries.archivedAt} IS NOT NULL
          AND ${orders.status} IN ('pending', 'approved'))::int AS orphaned_orders
  `);
  const totals = result.rows[0];
  return {
    orders: totals!.orders,
    patrons: totals!.patrons,
    monasteries: totals!.monasteries,
    openOrdersAtRemovedMonasteries: totals!.orphaned_orders,
  };
}

export function countOrdersByStatus(db: Executor) {
  return db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
}

/**
 * What performed pujas earned (the monastery's share and the commission), net of refunds after them, from
 * the ledger: an order paid but not performed yet counts nothing (docs/decisions/034).
 */
function performedRevenue(db: Executor) {
  const earned = earnedByOrder(db);
  const performedPaisa = sql<number>`coalesce(sum(${earned.earnedPaisa}), 0)::bigint`.mapWith(Number);
  return { earned, performedPaisa };
}

/** The monasteries with the most orders (any status), with what their performed pujas earned. */
export function selectTopMonasteries(db: Executor, limit: number) {
  const ordersCount = count(orders.id);
  const { earned, performedPaisa } = performedRevenue(db);
  return db
    .select({ id: monasteries.id, name: monasteries.name, orders: ordersCount, performedPaisa })
    .from(orders)
    .innerJoin(monasteries, eq(monasteries.id, orders.monasteryId))
    .leftJoin(earned, eq(earned.orderId, orders.id))
    .groupBy(monasteries.id)
    .orderBy(desc(ordersCount), desc(performedPaisa), asc(monasteries.name), asc(monasteries.id))
    .limit(limit);
}

/** The pujas (catalogue and special) with the most orders across every monastery offering them. */
export function selectTopPujas(db: Executor, limit: number) {
  const ordersCount = count(orders.id);
  const { earned, performedPaisa } = performedRevenue(db);
  return db
    .select({ id: pujas.id, name: pujas.name, orders: ordersCount, performedPaisa })
    .from(orders)
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .leftJoin(earned, eq(earned.orderId, orders.id))
    .groupBy(pujas.id)
    .orderBy(desc(ordersCount), desc(performedPaisa), asc(pujas.name), asc(pujas.id))
    .limit(limit);
}

/**
 * Patrons (role user) who joined in each of the `weeks` weeks ending with the one `now` falls in, oldest
 * first, weeks starting on Sunday in the business time zone; 0 for a week nobody joined.
 */
export async function selectNewPatronsByWeek(
  db: Executor,
  options: { now: Date; timeZone: string; weeks: number },
) {
  const { now, timeZone, weeks } = options;
  // extract(dow) is 0 on Sunday, so subtracting it gives the Sunday that starts the week.
  const joinedOn = sql`(${users.createdAt} AT TIME ZONE ${timeZone})::date`;
  const result = await db.execute<{ week_start: string; count: number }>(sql`
    WITH today AS (
      SELECT (${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date AS day
    ),
    weeks AS (
      SELECT today.day - extract(dow FROM today.day)::int - 7 * step AS start
      FROM today, generate_series(0, ${weeks - 1}::int) AS step
    ),
    joined AS (
      SELECT ${joinedOn} - extract(dow FROM ${joinedOn})::int AS week_start, count(*) AS count
      FROM ${users}
      WHERE ${users.role} = 'user'
        AND ${users.createdAt} >= ((SELECT min(start) FROM weeks)::timestamp AT TIME ZONE ${timeZone})
      GROUP BY 1
    )
    SELECT to_char(weeks.start, 'YYYY-MM-DD') AS week_start, coalesce(joined.count, 0)::int AS count
    FROM weeks
    LEFT JOIN joined ON joined.week_start = weeks.start
    ORDER BY weeks.start
  `);
  return result.rows.map((row) => ({ weekStart: row.week_start, count: row.count }));
}
