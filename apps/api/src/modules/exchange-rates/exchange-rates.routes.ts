import { exchangeRatesEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import type { ExchangeRatesService } from './exchange-rates.service.ts';

/** The rates beside prices (docs/api.md#exchange-rates): public, and the same for an hour. */
export const exchangeRatesRoutes: FastifyPluginAsync<{ exchangeRates: ExchangeRatesService }> = async (
  app,
  { exchangeRates },
) => {
  route(app, exchangeRatesEndpoint, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return exchangeRates.current();
  });
};
