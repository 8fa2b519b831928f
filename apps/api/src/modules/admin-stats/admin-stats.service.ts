import {
  ADMIN_LATEST_ORDERS,
  ADMIN_STATS_MONTHS,
  ADMIN_STATS_TOP_COUNT,
  ADMIN_STATS_WEEKS,
  type AdminStatsResponse,
  ORDER_STATUSES,
  paisaToRupees,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { ledgerKeptByMonth, ledgerMoneySplit } from '../ledger/ledger.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { selectOrders } from '../orders/orders.shared-queries.ts';
import { latestBooksCheck } from '../reconciliation/reconciliation.service.ts';
import {
  countOrdersByStatus,
  selectNewPatronsByWeek,
  selectTopMonasteries,
  selectTopPujas,
  selectTotals,
} from './admin-stats.queries.ts';

/**
 * The administrator's dashboard (ours: SPEC leaves /admin/dashboard empty). Every figure is aggregated by
 * PostgreSQL; months and weeks are those of the business time zone, money leaves as rupees.
 */
export function createAdminStatsService(dependencies: {
  db: Database;
  ordersService: OrdersService;
  businessTimeZone: string;
  /** The moment the charts end at; tests fix it. */
  now?: () => Date;
}) {
  const { db, ordersService, businessTimeZone: timeZone } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  return {
    async read(): Promise<AdminStatsResponse> {
      const at = now();
      // One consistent snapshot: figures read in one repeatable-read transaction agree with each other.
      return db.transaction(
        async (tx) => {
          // In sequence: one transaction is one connection, which runs one query at a time anyway.
          const totals = await selectTotals(tx);
          const statusCounts = await countOrdersByStatus(tx);
          const revenue = await ledgerKeptByMonth(tx, {
            now: at,
            timeZone,
            months: ADMIN_STATS_MONTHS,
          });
          const topMonasteries = await selectTopMonasteries(tx, ADMIN_STATS_TOP_COUNT);
          const topPujas = await selectTopPujas(tx, ADMIN_STATS_TOP_COUNT);
          const newPatrons = await selectNewPatronsByWeek(tx, {
            now: at,
            timeZone,
            weeks: ADMIN_STATS_WEEKS,
          });
          const latest = await selectOrders(tx, undefined).limit(ADMIN_LATEST_ORDERS);
          const countOf = new Map(statusCounts.map((row) => [row.status, row.count]));
          const split = await ledgerMoneySplit(tx);
          const books = await latestBooksCheck(tx);
          const ranked = (row: { id: number; name: string; orders: number; performedPaisa: number }) => ({
            id: row.id,
            name: row.name,
            orders: row.orders,
            performedRevenue: paisaToRupees(row.performedPaisa),
          });
          return {
            totals: {
              orders: totals.orders,
              // Received and not owed back, by the ledger: what the chart's months add up to over all time.
              paidRevenue: paisaToRupees(split.receivedPaisa - split.refundsPaisa),
              patrons: totals.patrons,
              monasteries: totals.monasteries,
            },
            attention: { openOrdersAtRemovedMonasteries: totals.openOrdersAtRemovedMonasteries },
            ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: countOf.get(status) ?? 0 })),
            revenueByMonth: revenue.map((row) => ({
              month: row.month,
              provider: row.provider,
              paidRevenue: paisaToRupees(row.keptPaisa),
            })),
            revenueSplit: {
              received: paisaToRupees(split.receivedPaisa),
              refunds: paisaToRupees(split.refundsPaisa),
              held: paisaToRupees(split.heldPaisa),
              monasteryEarnings: paisaToRupees(split.monasteryEarningsPaisa),
              commission: paisaToRupees(split.commissionPaisa),
            },
            books,
            topMonasteries: topMonasteries.map(ranked),
            topPujas: topPujas.map(ranked),
            newUsersByWeek: newPatrons,
            latestOrders: await ordersService.toOrders(tx, latest),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
