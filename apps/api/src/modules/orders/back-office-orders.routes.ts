import {
  approveManyOrdersEndpoint,
  backOfficeOrderEndpoint,
  backOfficeOrdersEndpoint,
  exportOrdersEndpoint,
  matchingOrderIdsEndpoint,
  ordersAwaitingActionEndpoint,
  staffMessageEndpoint,
} from '@puja/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { BackOfficeOrdersService } from './back-office-orders.service.ts';

/** The back offices' orders: the list, the count the sidebar polls, an order's page, messages (docs/api.md). */
export const backOfficeOrdersRoutes: FastifyPluginAsyncZod<{ backOffice: BackOfficeOrdersService }> = async (
  app,
  { backOffice },
) => {
  route(app, backOfficeOrdersEndpoint, (request) => backOffice.list(viewerOf(request), request.query), {
    config: { heavy: true },
  });
  route(
    app,
    matchingOrderIdsEndpoint,
    (request) => backOffice.matchingIds(viewerOf(request), request.query),
    {
      config: { heavy: true },
    },
  );
  route(
    app,
    exportOrdersEndpoint,
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(await backOffice.exportCsv(viewerOf(request), request.query)),
    { config: { heavy: true } },
  );
  // Each approval is its own transaction and notice: at most APPROVE_MANY_LIMIT in one request.
  route(app, approveManyOrdersEndpoint, (request) =>
    backOffice.approveMany(viewerOf(request), request.body.order_ids),
  );
  route(app, ordersAwaitingActionEndpoint, (request) => backOffice.countAwaitingAction(viewerOf(request)));
  route(app, backOfficeOrderEndpoint, (request) =>
    backOffice.orderPage(viewerOf(request), request.params.orderId),
  );

  // Each message is an SMS to the patron: one staff member cannot flood a patron's phone.
  const messagesRateLimit = {
    max: 60,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `staff-messages:${request.viewer?.id ?? request.ip}`,
  };
  route(
    app,
    staffMessageEndpoint,
    (request) => backOffice.message(viewerOf(request), request.params.orderId, request.body.message),
    { config: { rateLimit: messagesRateLimit } },
  );
};
