import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { routeLabel } from '../../lib/metrics-route.ts';
import { sumRefundsDue } from '../payments/payments.shared-queries.ts';
import { selectLatestReconciliation } from '../reconciliation/reconciliation.shared-queries.ts';
import { countJobsByState } from './system.queries.ts';

/**
 * Prometheus metrics of one instance (docs/operations.md explains each). Request figures are counted as
 * requests end; database and queue figures are read when Prometheus scrapes, so they are always current
 * and cost nothing between scrapes.
 */
export function createMetrics(options: { pool: pg.Pool }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const paymentsReceived = new Counter({
    name: 'payments_received_total',
    help: 'Payments the providers confirmed, by provider and whether the order kept them',
    labelNames: ['provider', 'kept'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this instance, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, options.pool.totalCount);
      this.set({ state: 'idle' }, options.pool.idleCount);
      this.set({ state: 'waiting' }, options.pool.waitingCount);
    },
  });

  /** One answered request; `route` is the route pattern, never the raw URL (ids would make endless labels). */
  const observeRequest = (method: string, route: string, status: number, milliseconds: number) =>
    requests.observe({ method, route, status: String(status) }, milliseconds / 1000);

  return {
    registry,
    paymentsReceived,
    observeRequest,
    /** Database-wide figures, shared by every instance, read at scrape time. */
    addDatabaseGauges(app: FastifyInstance) {
      new Gauge({
        name: 'job_queue_jobs',
        help: 'Jobs in the queue: due now (waiting for a worker), scheduled later, or out of attempts',
        labelNames: ['state'] as const,
        registers: [registry],
        async collect() {
          const jobs = await countJobsByState(app.db);
          this.set({ state: 'due' }, jobs.due);
          this.set({ state: 'later' }, jobs.later);
          this.set({ state: 'failed' }, jobs.failed);
        },
      });
      new Gauge({
        name: 'refunds_due',
        help: 'Payments received for pujas that will not be performed and not yet refunded: count and rupees',
        labelNames: ['measure'] as const,
        registers: [registry],
        async collect() {
          // The same figure the administrator's Payments screen shows.
          const due = await sumRefundsDue(app.db);
          this.set({ measure: 'count' }, due.count);
          this.set({ measure: 'rupees' }, due.amountPaisa / 100);
        },
      });
      // The newest hourly reconciliation of the ledger (docs/decisions/034): alert when the differences are
      // above 0, or when the last run is more than two hours old (0 before the first run).
      new Gauge({
        name: 'ledger_reconciliation_differences',
        help: 'Order accounts where the ledger disagreed with the payments at the last reconciliation (0: the books balance)',
        registers: [registry],
        async collect() {
          this.set((await selectLatestReconciliation(app.db))?.differenceCount ?? 0);
        },
      });
      new Gauge({
        name: 'ledger_reconciliation_last_run_timestamp_seconds',
        help: 'When the ledger was last reconciled with the payments (Unix time; 0 before the first run)',
        registers: [registry],
        async collect() {
          const latest = await selectLatestReconciliation(app.db);
          this.set(latest ? latest.checkedAt.getTime() / 1000 : 0);
        },
      });
      // A callback hook, not an async one: it runs on every answer, and a promise per request costs
      // throughput on small answers (docs/operations.md, `npm run bench`).
      app.addHook('onResponse', (request, reply, done) => {
        observeRequest(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime);
        done();
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
