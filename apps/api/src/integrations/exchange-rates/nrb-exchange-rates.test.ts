import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn } from '../../../test/stand-ins/http-stand-in.ts';
import { nrbRatesAnswer, startNrbStandIn } from '../../../test/stand-ins/nrb-stand-in.ts';
import {
  createNrbExchangeRates,
  ExchangeRatesUnavailableError,
  parseNrbAnswer,
} from './nrb-exchange-rates.ts';

const range = { from: '2026-11-20', to: '2026-11-26' };

describe('parseNrbAnswer', () => {
  it('reads the latest day of the bank’s answer, per unit as published, for our currencies only', () => {
    const rates = parseNrbAnswer(nrbRatesAnswer(range), range.to);
    // The bank publishes no Taiwan dollar; CHF is not one of ours.
    expect(rates.map((rate) => rate.currency)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'AUD',
      'CAD',
      'INR',
      'CNY',
      'HKD',
      'SGD',
      'MYR',
      'JPY',
    ]);
    expect(rates.find((rate) => rate.currency === 'USD')).toEqual({
      currency: 'USD',
      unit: 1,
      buyPaisa: 14110,
      sellPaisa: 14170,
      publishedOn: '2026-11-26',
    });
    expect(rates.find((rate) => rate.currency === 'JPY')).toMatchObject({
      unit: 10,
      buyPaisa: 910,
      sellPaisa: 914,
    });
    expect(rates.find((rate) => rate.currency === 'INR')).toMatchObject({ unit: 100, buyPaisa: 16000 });
  });

  it('ignores a day after today (a clock or a provider gone wrong)', () => {
    const rates = parseNrbAnswer(nrbRatesAnswer(range), '2026-11-25');
    expect(rates[0]?.publishedOn).toBe('2026-11-25');
    expect(rates.find((rate) => rate.currency === 'USD')?.buyPaisa).toBe(14060);
  });

  it('leaves out a rate that is zero, negative, not a number, or sold below its buying rate', () => {
    const answer = nrbRatesAnswer(range);
    const latest = answer.data.payload.at(-1) as { rates: unknown[] };
    latest.rates = [
      { currency: { iso3: 'USD', name: 'U.S. Dollar', unit: 1 }, buy: '0.00', sell: '0.00' },
      { currency: { iso3: 'EUR', name: 'Euro', unit: 1 }, buy: 'abc', sell: '164.20' },
      { currency: { iso3: 'GBP', name: 'Pound', unit: 1 }, buy: '186.40', sell: '185.60' },
      { currency: { iso3: 'AUD', name: 'Australian Dollar', unit: 0 }, buy: '91.60', sell: '92.00' },
      { currency: { iso3: 'CAD', name: 'Canadian Dollar', unit: 1 }, buy: '-100.30', sell: '100.73' },
      { currency: { iso3: 'SGD', name: 'Singapore Dollar', unit: 1 }, buy: '10.00', sell: '108.86' },
      { currency: { iso3: 'HKD', name: 'Hong Kong Dollar', unit: 1 }, buy: '18.13', sell: '18.21' },
    ];
    expect(parseNrbAnswer(answer, range.to).map((rate) => rate.currency)).toEqual(['HKD']);
  });

  it('refuses an answer with nothing usable: another shape, an error status, no days, no usable rate', () => {
    const noRates = nrbRatesAnswer(range);
    for (const day of noRates.data.payload) day.rates = [];
    for (const nonsense of [
      undefined,
      'Service Unavailable',
      { status: { code: 200 }, data: { payload: 'soon' } },
      { ...nrbRatesAnswer(range), status: { code: 500 } },
      { ...nrbRatesAnswer(range), data: { payload: [] } },
      noRates,
    ]) {
      expect(() => parseNrbAnswer(nonsense, range.to)).toThrow(ExchangeRatesUnavailableError);
    }
  });
});

describe('createNrbExchangeRates against the stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startNrbStandIn>>;
  beforeAll(async () => {
    standIn = await startNrbStandIn();
  });
  afterAll(() => standIn.close());

  it('asks for the documented path and parameters and reads the answer', async () => {
    const provider = createNrbExchangeRates({ apiUrl: `${standIn.url}/api/forex/v1` });
    const rates = await provider.latestRates(range);
    expect(rates).toHaveLength(11);
    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('GET');
    const url = new URL(request.path, 'http://stand-in');
    expect(url.pathname).toBe('/api/forex/v1/rates');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2026-11-20',
      to: '2026-11-26',
      per_page: '100',
      page: '1',
    });
  });

  it('says the provider is unavailable when it answers an error or cannot be reached', async () => {
    const failing = await startStandIn(() => ({ status: 503, body: { message: 'down for maintenance' } }));
    try {
      await expect(
        createNrbExchangeRates({ apiUrl: `${failing.url}/api/forex/v1` }).latestRates(range),
      ).rejects.toThrow(ExchangeRatesUnavailableError);
    } finally {
      await failing.close();
    }
    await expect(
      createNrbExchangeRates({ apiUrl: 'http://127.0.0.1:9/api' }).latestRates(range),
    ).rejects.toThrow(/unreachable/);
  });
});
