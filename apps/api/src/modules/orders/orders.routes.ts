import {
  cancelOrderEndpoint,
  messageToMonasteryEndpoint,
  orderCalendarEventEndpoint,
  orderConversationEndpoint,
  ownOrdersEndpoint,
  placeOrderEndpoint,
} from '@puja/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { ordersRateLimitOf } from '../../plugins/rate-limits.ts';
import type { OrdersService } from './orders.service.ts';

/** A patron's orders: placing, listing, reading and cancelling them (docs/api.md "Orders"). */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const ordersRateLimit = ordersRateLimitOf(app);
  route(
    app,
    placeOrderEndpoint,
    async (request) => ({ order: await orders.placeOrder(viewerOf(request), request.body) }),
    {
      config: { rateLimit: ordersRateLimit },
    },
  );
  route(app, ownOrdersEndpoint, (request) => orders.listOwnOrders(viewerOf(request), request.query), {
    config: { heavy: true },
  });

  route(app, orderConversationEndpoint, (request) =>
    orders.getConversation(viewerOf(request), request.params.orderId),
  );

  // Each message may become an SMS to the monastery's staff: one patron cannot flood them.
  const messagesRateLimit = {
    max: 30,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `messages:${request.viewer?.id ?? request.ip}`,
  };
  route(
    app,
    messageToMonasteryEndpoint,
    (request) => orders.writeToMonastery(viewerOf(request), request.params.orderId, request.body.message),
    { config: { rateLimit: messagesRateLimit } },
  );

  route(app, orderCalendarEventEndpoint, async (request, reply) => {
    const event = await orders.calendarEventOf(
      viewerOf(request),
      request.params.orderId,
      app.config.publicUrl,
    );
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${event.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(event.ics);
  });

  route(app, cancelOrderEndpoint, async (request) => ({
    order: await orders.cancelOrder(viewerOf(request), request.params.orderId),
  }));
};
