import {
  cancelOrderEndpoint,
  createOrderRequestSchema,
  errorResponseSchema,
  orderConversationResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  ownOrdersEndpoint,
} from '@puja/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requireRole, signedIn, viewerOf } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

/** A patron's orders (API.md "Orders"); the staff side arrives with the back-office issue. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const tags = ['orders'];

  // One patron cannot flood the monasteries' queues or the database: counted per patron, across instances
  // when REDIS_URL is set (the app-wide rate-limits plugin).
  const ordersRateLimit = {
    max: app.config.ORDERS_PER_PATRON_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `orders:${request.viewer?.id ?? request.ip}`,
  };
  app.post(
    '/api/order',
    {
      config: { ...requireRole('user'), rateLimit: ordersRateLimit },
      schema: {
        tags,
        summary: 'Order a puja; the amount is the monastery’s current price',
        body: createOrderRequestSchema,
        response: { 200: orderResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({ order: await orders.placeOrder(viewerOf(request), request.body) }),
  );

  route(app, ownOrdersEndpoint, (request) => orders.listOwnOrders(viewerOf(request), request.query));

  app.get(
    '/api/get-messages/:orderId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'An order with its messages and photos',
        params: orderIdParamsSchema,
        response: {
          200: orderConversationResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    (request) => orders.getConversation(viewerOf(request), request.params.orderId),
  );

  route(app, cancelOrderEndpoint, async (request) => ({
    order: await orders.cancelOrder(viewerOf(request), request.params.orderId),
  }));
};
