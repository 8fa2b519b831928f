import { CURRENCIES, type CurrencyCode, isCurrencyCode } from '@puja/contract';
import { z } from 'zod';

/**
 * Nepal Rastra Bank's foreign exchange rates (https://www.nrb.org.np/api/forex/v1/rates): public, no key.
 * `GET {apiUrl}/rates?from=YYYY-MM-DD&to=YYYY-MM-DD&per_page=100&page=1` answers
 * `{ status: { code }, errors, params, data: { payload: [{ date, published_on, modified_on, rates: [{
 * currency: { iso3, name, unit }, buy, sell }] }] }, pagination }`, buy and sell being strings: rupees for
 * `unit` units of the currency (JPY per 10, INR per 100).
 */

/** How long one look-up may take: the job runs in the background, but a hung provider must not hold a worker. */
export const NRB_TIMEOUT_MS = 15_000;

/** One currency's rate as we keep it: integer paisa for `unit` units, as the bank publishes it. */
export interface PublishedRate {
  currency: CurrencyCode;
  unit: number;
  buyPaisa: number;
  sellPaisa: number;
  /** The day the bank published it (YYYY-MM-DD). */
  publishedOn: string;
}

export class ExchangeRatesUnavailableError extends Error {
  constructor(message: string) {
    super(`Nepal Rastra Bank rates: ${message}`);
    this.name = 'ExchangeRatesUnavailableError';
  }
}

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
/** A decimal figure the bank writes as a string ("141.22"); numbers are accepted too. */
const decimalFigure = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/),
    z.number(),
  ])
  .transform(Number);

const rateEntrySchema = z.object({
  currency: z.object({
    iso3: z.string(),
    unit: z.coerce.number().int().positive(),
  }),
  buy: decimalFigure,
  sell: decimalFigure,
});

/** The parts of the answer we read; anything else in it is ignored. */
const answerSchema = z.object({
  status: z.object({ code: z.number() }),
  data: z.object({
    payload: z.array(
      z.object({
        date: isoDay,
        published_on: z.string().optional(),
        // Each entry is checked on its own below: one odd currency does not throw the others away.
        rates: z.array(z.unknown()),
      }),
    ),
  }),
});

/** A rate is plausible when both sides are positive and sell is at most a tenth above buy. */
function isPlausible(buyPaisa: number, sellPaisa: number): boolean {
  return buyPaisa > 0 && sellPaisa >= buyPaisa && sellPaisa <= buyPaisa * 1.1;
}

/**
 * Reads the bank's answer: the most recent day's rates for our currencies. Nonsense (a wrong shape, an error
 * status, a day in the future, a rate that is zero, negative or not a number, sell below buy) is left out;
 * an answer with nothing usable throws ExchangeRatesUnavailableError, so the caller changes nothing.
 */
export function parseNrbAnswer(answer: unknown, today: string): PublishedRate[] {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) throw new ExchangeRatesUnavailableError('the answer is not in the documented shape');
  if (parsed.data.status.code !== 200)
    throw new ExchangeRatesUnavailableError(`the answer's status is ${parsed.data.status.code}`);
  const days = parsed.data.data.payload
    .map((day) => ({ ...day, date: day.date.slice(0, 10) }))
    .filter((day) => day.date <= today)
    .sort((a, b) => (a.date < b.date ? 1 : -1));
  const latest = days[0];
  if (!latest) throw new ExchangeRatesUnavailableError('no rates published for the days asked');
  const rates: PublishedRate[] = [];
  for (const raw of latest.rates) {
    const entry = rateEntrySchema.safeParse(raw);
    if (!entry.success) continue;
    const currency = entry.data.currency.iso3.trim().toUpperCase();
    if (!isCurrencyCode(currency) || rates.some((rate) => rate.currency === currency)) continue;
    const buyPaisa = Math.round(entry.data.buy * 100);
    const sellPaisa = Math.round(entry.data.sell * 100);
    if (!isPlausible(buyPaisa, sellPaisa)) continue;
    rates.push({ currency, unit: entry.data.currency.unit, buyPaisa, sellPaisa, publishedOn: latest.date });
  }
  if (rates.length === 0) throw new ExchangeRatesUnavailableError(`no usable rate on ${latest.date}`);
  return rates.sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
}

export interface ExchangeRatesProvider {
  /** The latest rates published between `from` and `to` (YYYY-MM-DD, Nepal days). */
  latestRates(range: { from: string; to: string }): Promise<PublishedRate[]>;
}

export function createNrbExchangeRates(options: { apiUrl: string }): ExchangeRatesProvider {
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;
  return {
    async latestRates({ from, to }) {
      const url = new URL('rates', base);
      url.search = new URLSearchParams({ from, to, per_page: '100', page: '1' }).toString();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(NRB_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ExchangeRatesUnavailableError(`unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new ExchangeRatesUnavailableError(`HTTP ${response.status}`);
      const answer = await response.json().catch(() => undefined);
      return parseNrbAnswer(answer, to);
    },
  };
}
