import { PAYMENT_PROVIDERS, type PaymentProvider } from '@puja/contract';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, paymentAttempts, pujas, users } from '../../db/schema/index.ts';
import { earnedByOrder } from '../ledger/ledger.shared-queries.ts';

/**
 * The administrator's dashboard figures, each one aggregate query: no order is loaded into memory. Money
 * stays in paisa here. "Paid" means the order's payment_status is Completed (a refund takes it out).
 */

export async function selectTotals(db: Executor) {
  const result = await db.execute<{
    orders: number;
    paid_paisa: string;
    patrons: number;
    monasteries: number;
    orphaned_orders: number;
  }>(sql`
    SELECT
      (SELECT count(*) FROM ${orders})::int AS orders,
      (SELECT coalesce(sum(${orders.amountPaisa}), 0) FROM ${orders}
        WHERE ${orders.paymentStatus} = 'Completed')::bigint AS paid_paisa,
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
    paidPaisa: Number(totals!.paid_paisa),
    patrons: totals!.patrons,
    monasteries: totals!.monasteries,
    openOrdersAtRemovedMonasteries: totals!.orphaned_orders,
  };
}

export function countOrdersByStatus(db: Executor) {
  return db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
}

/**
 * Paid revenue per business-time-zone month and provider, for the `months` months ending with the one
 * `now` falls in, oldest first; every month has every provider, 0 when nothing was paid.
 * An order counts in the month its payment was first confirmed (its first completed payment attempt);
 * an order marked paid without an attempt row counts in the month it was placed.
 */
export async function selectPaidRevenueByMonth(
  db: Executor,
  options: { now: Date; timeZone: string; months: number },
) {
  const { now, timeZone, months } = options;
  const result = await db.execute<{ month: string; provider: string; paid_paisa: string }>(sql`
    WITH this_month AS (
      SELECT date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS start
    ),
    months AS (
      SELECT this_month.start - make_interval(months => step) AS start
      FROM this_month, generate_series(0, ${months - 1}::int) AS step
    ),
    providers AS (
      SELECT provider, position
      FROM unnest(${sql.param([...PAYMENT_PROVIDERS])}::text[]) WITH ORDINALITY AS p(provider, position)
    ),
    paid AS (
      SELECT
        date_trunc('month', coalesce(first_payment.at, ${orders.createdAt}) AT TIME ZONE ${timeZone}) AS month,
        coalesce(kept.provider, ${orders.paymentType}) AS provider,
        sum(${orders.amountPaisa}) AS paisa
      FROM ${orders}
      LEFT JOIN LATERAL (
        SELECT min(${paymentAttempts.completedAt}) AS at
        FROM ${paymentAttempts}
        WHERE ${paymentAttempts.orderId} = ${orders.id} AND ${paymentAttempts.status} = 'Completed'
      ) AS first_payment ON true
      -- Who took the money the order keeps: the wallet chosen when ordering may not be how it was paid
      -- (a card at the payment step, docs/decisions/052), and a card payment counts in its rupees.
      LEFT JOIN LATERAL (
        SELECT ${paymentAttempts.provider} AS provider
        FROM ${paymentAttempts}
        WHERE ${paymentAttempts.orderId} = ${orders.id} AND ${paymentAttempts.status} = 'Completed'
          AND ${paymentAttempts.releasedAt} IS NULL
        ORDER BY ${paymentAttempts.id} DESC
        LIMIT 1
      ) AS kept ON true
      WHERE ${orders.paymentStatus} = 'Completed'
      GROUP BY 1, 2
    )
    SELECT to_char(months.start, 'YYYY-MM') AS month, providers.provider, coalesce(paid.paisa, 0)::bigint AS paid_paisa
    FROM months
    CROSS JOIN providers
    LEFT JOIN paid ON paid.month = months.start AND paid.provider = providers.provider
    ORDER BY months.start, providers.position
  `);
  return result.rows.map((row) => ({
    month: row.month,
    provider: row.provider as PaymentProvider,
    paidPaisa: Number(row.paid_paisa),
  }));
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
