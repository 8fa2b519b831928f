import { adminConcernsEndpoint, raiseConcernEndpoint, resolveConcernEndpoint } from '@puja/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { ConcernsService } from './concerns.service.ts';

/** A patron's concern about a performed puja, and the administrators' queue (docs/api.md#concerns). */
export const concernsRoutes: FastifyPluginAsyncZod<{ concerns: ConcernsService }> = async (
  app,
  { concerns },
) => {
  // A concern reaches the administrators' queue: one patron cannot flood it. Each needs a performed order
  // of theirs, so a patron may raise them at most as often as they may order.
  const concernsRateLimit = {
    max: app.config.ORDERS_PER_PATRON_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `concerns:${request.viewer?.id ?? request.ip}`,
  };
  route(
    app,
    raiseConcernEndpoint,
    async (request) => ({
      order: await concerns.raise(viewerOf(request), request.params.orderId, request.body),
    }),
    { config: { rateLimit: concernsRateLimit } },
  );
  route(app, adminConcernsEndpoint, (request) => concerns.list(request.query.status), {
    config: { heavy: true },
  });
  route(app, resolveConcernEndpoint, (request) =>
    concerns.resolve(viewerOf(request), request.params.concernId, request.body),
  );
};
