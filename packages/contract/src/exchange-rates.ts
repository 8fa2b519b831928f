import { CURRENCIES } from './currencies.ts';
import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/** Nepal Rastra Bank's rates as the API answers them (docs/decisions/020); the currencies are in currencies.ts. */

export const exchangeRateSchema = z
  .object({
    currency: z.enum(CURRENCIES),
    /** Rupees for one unit of the currency (one dollar, one yen): the middle of the bank's buying and selling rates. */
    rupees_per_unit: z.number().positive(),
    /** The day Nepal Rastra Bank published the rate (YYYY-MM-DD). */
    published_on: z.string(),
  })
  .meta({ id: 'ExchangeRate' });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** The current rates; an empty list when none is recent enough (RATES_MAX_AGE_DAYS). */
export const exchangeRatesResponseSchema = z.object({ rates: z.array(exchangeRateSchema) });
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

/** Public, the same for everyone: a CDN or the browser may keep it for an hour. */
export const exchangeRatesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/exchange-rates',
  access: 'public',
  summary: 'Nepal Rastra Bank’s latest rates for the currencies prices can be shown in (none when too old)',
  tags: ['exchange-rates'],
  responses: { 200: exchangeRatesResponseSchema },
  errors: [],
});
