import { timingSafeEqual } from 'node:crypto';
import {
  checkHealthEndpoint,
  checkLivenessEndpoint,
  checkReadinessEndpoint,
  ERROR_MESSAGES,
  metricsEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import type { Metrics } from './metrics.ts';
import { pingDatabase } from './system.queries.ts';

/**
 * Probes and metrics for whoever runs the app (docs/operations.md):
 * - `GET /livez`: the process answers (restart it when this fails); touches nothing else.
 * - `GET /readyz` (and `/healthz`, its older name): the database answers, so a load balancer sends
 *   requests here; 503 otherwise. It asks through a connection of its own: when every pooled connection
 *   is busy with people's requests the instance is loaded, not broken, and a probe queued behind them
 *   would time out and take a working instance out of service.
 * - `GET /metrics`: Prometheus text, for `Authorization: Bearer METRICS_TOKEN`, or from this machine when
 *   no token is set outside production (404 in production without one). It names routes and counts,
 *   never people.
 */
export const healthRoutes: FastifyPluginAsync<{
  metrics: Metrics;
  metricsToken: string | undefined;
  /** The pool whose connection settings the probe's own connection copies. */
  pool: pg.Pool;
}> = async (app, { metrics, metricsToken, pool }) => {
  // Fails fast when the database is gone, rather than hanging the load balancer's check.
  // A silent database (a half-open socket) fails the probe's query too, instead of holding it for the
  // many minutes TCP takes to give up.
  const probe = new pg.Pool({
    ...pool.options,
    max: 1,
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
    keepAlive: true,
  });
  probe.on('error', () => undefined);
  app.addHook('onClose', () => probe.end());
  route(app, checkLivenessEndpoint, () => ({ status: 'ok' as const }));

  const ready = async () => {
    try {
      await pingDatabase(probe);
    } catch {
      throw new AppError('unavailable', 'The database does not answer.');
    }
    return { status: 'ok' as const };
  };
  route(app, checkReadinessEndpoint, ready);
  route(app, checkHealthEndpoint, ready);

  // Production without a token serves no metrics: a proxy on the same machine makes every visitor
  // loopback, so "this machine" proves nothing there (docs/decisions/026).
  const metricsOff = !metricsToken && app.config.NODE_ENV === 'production';
  if (metricsOff) app.log.info('GET /metrics is off: set METRICS_TOKEN to scrape it');
  route(app, metricsEndpoint, async (request, reply) => {
    if (metricsOff) throw new AppError('notFound', ERROR_MESSAGES.notFound);
    const allowed = metricsToken
      ? sameSecret(request.headers.authorization ?? '', `Bearer ${metricsToken}`)
      : ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip);
    if (!allowed) throw new AppError('forbidden', 'Metrics need the metrics token.');
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
