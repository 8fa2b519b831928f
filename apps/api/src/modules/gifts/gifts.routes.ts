import {
  dedicationEndpoint,
  orderGiftEndpoint,
  updateOrderGiftEndpoint,
  withdrawOrderGiftEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { GiftsService } from './gifts.service.ts';

/**
 * A dedication's page for its recipient (docs/decisions/054): public, by the link's token alone; and the
 * patron's own gift, to change or withdraw (docs/decisions/059).
 */
export const giftsRoutes: FastifyPluginAsyncZod<{ gifts: GiftsService }> = async (app, { gifts }) => {
  // Tokens cannot be guessed; a limit per address still keeps anyone from trying many.
  route(
    app,
    dedicationEndpoint,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { dedication: await gifts.dedication(request.params.token) };
    },
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );
  route(app, orderGiftEndpoint, async (request) => ({
    gift: await gifts.ownGift(viewerOf(request), request.params.orderId),
  }));
  route(app, updateOrderGiftEndpoint, async (request) => ({
    gift: await gifts.updateGift(viewerOf(request), request.params.orderId, request.body),
  }));
  route(app, withdrawOrderGiftEndpoint, async (request) => {
    await gifts.withdrawGift(viewerOf(request), request.params.orderId);
    return { gift: null };
  });
};
