import { addDays } from '@puja/contract';
import { type RecordedRequest, startStandIn } from './http-stand-in.ts';

/**
 * Nepal Rastra Bank's rates API as a local HTTP server (docs/decisions/020): `GET /rates?from&to&per_page&page`
 * answers in the bank's shape, one day of rates for each of the last two days up to `to`. The figures are
 * made up for tests and end-to-end runs (near late-2025 rates), never shown as real ones. Like the bank,
 * it publishes no Taiwan dollar.
 *
 * Run on its own for end-to-end tests and offline development: `npx tsx apps/api/test/stand-ins/nrb-stand-in.ts`
 * (port NRB_STAND_IN_PORT, default 4010), then NRB_API_URL=http://127.0.0.1:4010/api/forex/v1.
 */
export const NRB_STAND_IN_RATES = [
  { iso3: 'INR', name: 'Indian Rupee', unit: 100, buy: '160.00', sell: '160.15' },
  { iso3: 'USD', name: 'U.S. Dollar', unit: 1, buy: '141.10', sell: '141.70' },
  { iso3: 'EUR', name: 'European Euro', unit: 1, buy: '163.50', sell: '164.20' },
  { iso3: 'GBP', name: 'UK Pound Sterling', unit: 1, buy: '185.60', sell: '186.40' },
  { iso3: 'CHF', name: 'Swiss Franc', unit: 1, buy: '175.30', sell: '176.05' },
  { iso3: 'AUD', name: 'Australian Dollar', unit: 1, buy: '91.60', sell: '92.00' },
  { iso3: 'CAD', name: 'Canadian Dollar', unit: 1, buy: '100.30', sell: '100.73' },
  { iso3: 'SGD', name: 'Singapore Dollar', unit: 1, buy: '108.40', sell: '108.86' },
  { iso3: 'JPY', name: 'Japanese Yen', unit: 10, buy: '9.10', sell: '9.14' },
  { iso3: 'CNY', name: 'Chinese Yuan', unit: 1, buy: '19.80', sell: '19.89' },
  { iso3: 'MYR', name: 'Malaysian Ringgit', unit: 1, buy: '33.60', sell: '33.74' },
  { iso3: 'HKD', name: 'Hong Kong Dollar', unit: 1, buy: '18.13', sell: '18.21' },
] as const;

/** The bank's answer for a range of days: one payload entry per day, the rates nudged a little each day. */
export function nrbRatesAnswer(range: { from: string; to: string }) {
  const days = [addDays(range.to, -1), range.to].filter((day) => day >= range.from);
  return {
    status: { code: 200 },
    errors: { validation: null },
    params: {
      date: null,
      from: range.from,
      to: range.to,
      post_type: null,
      per_page: '100',
      page: '1',
      slug: null,
      q: null,
    },
    data: {
      payload: days.map((day, index) => ({
        date: day,
        published_on: `${day} 00:00:11`,
        modified_on: `${day} 00:00:11`,
        rates: NRB_STAND_IN_RATES.map((rate) => ({
          currency: { iso3: rate.iso3, name: rate.name, unit: rate.unit },
          // The earlier day a little lower, so reading the wrong day shows in a test.
          buy: (Number(rate.buy) - (days.length - 1 - index) * 0.5).toFixed(2),
          sell: (Number(rate.sell) - (days.length - 1 - index) * 0.5).toFixed(2),
        })),
      })),
    },
    pagination: { page: 1, pages: 1, per_page: 100, total: days.length, links: { prev: null, next: null } },
  };
}

/** The stand-in's handler: the documented path and parameters, or 404/422 as a web server would answer. */
export function answerAsNrb(request: RecordedRequest): { status: number; body: unknown } {
  const url = new URL(request.path, 'http://stand-in');
  if (request.method !== 'GET' || !url.pathname.endsWith('/rates'))
    return { status: 404, body: { message: 'Not Found' } };
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to))
    return {
      status: 422,
      body: { status: { code: 422 }, errors: { validation: 'from and to are required' } },
    };
  return { status: 200, body: nrbRatesAnswer({ from, to }) };
}

export function startNrbStandIn(options: { port?: number } = {}) {
  return startStandIn(answerAsNrb, options);
}

// Run directly: serve until stopped (end-to-end runs and offline development).
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.NRB_STAND_IN_PORT ?? 4010);
  const standIn = await startNrbStandIn({ port });
  console.log(`Nepal Rastra Bank stand-in at ${standIn.url}/api/forex/v1/rates`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
