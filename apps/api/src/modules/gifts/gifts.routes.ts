import { dedicationEndpoint } from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import type { GiftsService } from './gifts.service.ts';

/** A dedication's page for its recipient (docs/decisions/054): public, by the link's token alone. */
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
};
