import { addDays, todayIn } from '@puja/contract';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StandInHandler, startStandIn } from '../../../test/stand-ins/http-stand-in.ts';
import { answerAsNrb } from '../../../test/stand-ins/nrb-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { upsertRates } from './exchange-rates.queries.ts';

/** The daily job keeps Nepal Rastra Bank's rates; GET /api/exchange-rates shows the recent ones. */

let harness: TestApp;
let standIn: Awaited<ReturnType<typeof startStandIn>>;
let provider: StandInHandler = answerAsNrb;
const logLines: { level: number; msg: string }[] = [];
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  standIn = await startStandIn((request) => provider(request));
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  harness = await createTestApp({ env: { NRB_API_URL: `${standIn.url}/api/forex/v1` }, logger });
});
afterAll(async () => {
  await harness?.close();
  await standIn?.close();
});
beforeEach(async () => {
  provider = answerAsNrb;
  await harness.database.db.delete(exchangeRates);
});

async function fetchRates() {
  await enqueueJob(harness.database.db, 'fetch-exchange-rates', {});
  await harness.app.jobs.runDueJobs();
}

async function readRates() {
  const response = await harness.app.inject({ method: 'GET', url: '/api/exchange-rates' });
  expect(response.statusCode).toBe(200);
  return {
    response,
    body: response.json() as { rates: { currency: string; rupees_per_unit: number; published_on: string }[] },
  };
}

describe('GET /api/exchange-rates', () => {
  it('answers no rates before the job ran: nothing is shown rather than something wrong', async () => {
    const { body } = await readRates();
    expect(body).toEqual({ rates: [] });
  });

  it('answers the rates the job fetched, per one unit, with the day published, cacheable for an hour', async () => {
    await fetchRates();
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe(
      `/api/forex/v1/rates?from=${addDays(today, -6)}&to=${today}&per_page=100&page=1`,
    );
    const { response, body } = await readRates();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(body.rates.map((rate) => rate.currency)).toEqual([
      'AUD',
      'CAD',
      'CNY',
      'EUR',
      'GBP',
      'HKD',
      'INR',
      'JPY',
      'MYR',
      'SGD',
      'USD',
    ]);
    // The middle of buying (141.10) and selling (141.70); JPY is published per 10 yen, INR per 100 rupees.
    expect(body.rates.find((rate) => rate.currency === 'USD')).toEqual({
      currency: 'USD',
      rupees_per_unit: 141.4,
      published_on: today,
    });
    expect(body.rates.find((rate) => rate.currency === 'JPY')?.rupees_per_unit).toBe(0.912);
    expect(body.rates.find((rate) => rate.currency === 'INR')?.rupees_per_unit).toBe(1.6008);
  });

  it('does not ask the bank again once today’s rates are kept', async () => {
    await fetchRates();
    const asked = standIn.requests.length;
    await fetchRates();
    expect(standIn.requests.length).toBe(asked);
  });

  it('does not show rates older than a week', async () => {
    const { db } = harness.database;
    await db.insert(exchangeRates).values([
      { currency: 'USD', unit: 1, buyPaisa: 14000, sellPaisa: 14060, publishedOn: addDays(today, -8) },
      { currency: 'EUR', unit: 1, buyPaisa: 16000, sellPaisa: 16060, publishedOn: addDays(today, -7) },
    ]);
    const { body } = await readRates();
    expect(body.rates.map((rate) => rate.currency)).toEqual(['EUR']);
  });

  it('keeps the stored rates, and logs, when the bank is down or answers nonsense', async () => {
    const { db } = harness.database;
    const yesterday = addDays(today, -1);
    await db
      .insert(exchangeRates)
      .values({ currency: 'USD', unit: 1, buyPaisa: 14000, sellPaisa: 14060, publishedOn: yesterday });
    for (const answer of [
      () => ({ status: 503, body: { message: 'Service Unavailable' } }),
      () => ({ status: 200, body: { status: { code: 200 }, data: { payload: 'later' } } }),
      () => ({
        status: 200,
        body: {
          status: { code: 200 },
          data: {
            payload: [
              {
                date: today,
                rates: [{ currency: { iso3: 'USD', name: 'U.S. Dollar', unit: 1 }, buy: '0', sell: '0' }],
              },
            ],
          },
        },
      }),
    ] satisfies StandInHandler[]) {
      provider = answer;
      logLines.length = 0;
      await fetchRates();
      expect(logLines.some((line) => line.level === 40 && /exchange rates not updated/.test(line.msg))).toBe(
        true,
      );
      const { body } = await readRates();
      expect(body.rates).toEqual([{ currency: 'USD', rupees_per_unit: 140.3, published_on: yesterday }]);
    }
  });

  it('never replaces a rate by an older one (an answer arriving late)', async () => {
    const { db } = harness.database;
    const yesterday = addDays(today, -1);
    await db
      .insert(exchangeRates)
      .values({ currency: 'USD', unit: 1, buyPaisa: 15000, sellPaisa: 15060, publishedOn: today });
    const changed = await upsertRates(
      db,
      [
        { currency: 'USD', unit: 1, buyPaisa: 14000, sellPaisa: 14060, publishedOn: yesterday },
        { currency: 'EUR', unit: 1, buyPaisa: 16000, sellPaisa: 16060, publishedOn: yesterday },
      ],
      new Date(),
    );
    expect(changed).toBe(1);
    const rows = await db.select().from(exchangeRates).orderBy(exchangeRates.currency);
    expect(rows.map((row) => [row.currency, row.buyPaisa, row.publishedOn])).toEqual([
      ['EUR', 16000, yesterday],
      ['USD', 15000, today],
    ]);
  });
});

describe('a worker starting without today’s rates', () => {
  it('asks the bank at once, through the job queue, rather than at the next scheduled run', async () => {
    const asked = standIn.requests.length;
    const withWorker = await createTestApp({
      env: { NRB_API_URL: `${standIn.url}/api/forex/v1`, JOB_WORKER: 'true' },
    });
    try {
      await expect
        .poll(
          async () =>
            (await withWorker.app.inject({ method: 'GET', url: '/api/exchange-rates' })).json().rates.length,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(11);
      expect(standIn.requests.length).toBeGreaterThan(asked);
    } finally {
      await withWorker.close();
    }
  });
});
