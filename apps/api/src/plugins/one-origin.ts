import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One origin for the patron (docs/design.md#one-origin). A session lives in the browser's storage for one
 * origin, so a patron who signed in at one address and comes back from paying at another arrives signed
 * out. In production every page load on another host (the bare domain, `www.`, the server's IP) is sent to
 * PUBLIC_URL with a permanent redirect (308) before anything else happens; API calls, uploads and the
 * probes are answered wherever they arrive (a load balancer checks instances by their own address).
 */
const ANSWERED_ANYWHERE = /^\/(api|uploads|healthz|livez|readyz|metrics|simulator)(\/|$|\?)/;

export const oneOriginPlugin = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, { publicUrl }) => {
    const publicHost = new URL(publicUrl).host.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (ANSWERED_ANYWHERE.test(request.url)) return;
      if (request.host.toLowerCase() === publicHost) return;
      return reply.redirect(`${publicUrl}${request.url}`, 308);
    });
  },
  { name: 'one-origin' },
);

/** The loopback names a browser on the developer's own machine may use for the app. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * Where the browser that sent this request should be sent back to (a payment's return address). With
 * PUBLIC_URL set, always there. Without it (development), the loopback address the patron is using, so
 * `127.0.0.1` and `localhost` both come back signed in; any other Host header is never trusted to build a
 * link, and falls back to the default address.
 */
export function browserOrigin(request: FastifyRequest): string {
  const { config } = request.server;
  if (config.PUBLIC_URL) return config.publicUrl;
  return LOOPBACK_HOST.test(request.host) ? `${request.protocol}://${request.host}` : config.publicUrl;
}
