import { addDays, type ExchangeRatesResponse, RATES_MAX_AGE_DAYS, todayIn } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import {
  type ExchangeRatesProvider,
  ExchangeRatesUnavailableError,
} from '../../integrations/exchange-rates/nrb-exchange-rates.ts';
import { latestPublishedOn, listRatesPublishedSince, upsertRates } from './exchange-rates.queries.ts';

/** The days asked of the bank: it publishes on most days, so a week back always finds the latest. */
const LOOK_BACK_DAYS = 6;

export interface ExchangeRatesLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
}

/**
 * Nepal Rastra Bank's rates, kept in the database by a daily job and read by everyone (docs/decisions/020).
 * A provider that is down or answers nonsense changes nothing: the stored rates stay, and are no longer
 * shown once older than RATES_MAX_AGE_DAYS.
 */
export function createExchangeRatesService(dependencies: {
  db: Database;
  provider: ExchangeRatesProvider;
  businessTimeZone: string;
  log: ExchangeRatesLog;
}) {
  const { db, provider, businessTimeZone, log } = dependencies;
  const today = () => todayIn(businessTimeZone);

  return {
    /** The rates recent enough to show, each as rupees for one unit (the middle of buying and selling). */
    async current(): Promise<ExchangeRatesResponse> {
      const rows = await listRatesPublishedSince(db, addDays(today(), -RATES_MAX_AGE_DAYS));
      return {
        rates: rows.map((row) => ({
          currency: row.currency,
          // (buy + sell) / 2 paisa for `unit` units, in rupees to 4 places: whole numbers until the last division.
          rupees_per_unit: Math.round(((row.buyPaisa + row.sellPaisa) * 50) / row.unit) / 10_000,
          published_on: row.publishedOn,
        })),
      };
    },

    /** Whether today's (Nepal) rates are missing: the table is empty, or its latest day is before today. */
    async isBehind(): Promise<boolean> {
      const latest = await latestPublishedOn(db);
      return latest === undefined || latest < today();
    },

    /**
     * Asks the bank for its latest rates and keeps them. Answers whether any rate changed; a provider that
     * is down or answers nonsense is logged and changes nothing (the next scheduled run tries again).
     */
    async refresh(): Promise<{ updated: number }> {
      const to = today();
      try {
        const rates = await provider.latestRates({ from: addDays(to, -LOOK_BACK_DAYS), to });
        const updated = await upsertRates(db, rates, new Date());
        log.info({ updated, publishedOn: rates[0]?.publishedOn }, 'exchange rates fetched');
        return { updated };
      } catch (error) {
        if (!(error instanceof ExchangeRatesUnavailableError)) throw error;
        log.warn({ err: error }, 'exchange rates not updated; the stored ones are kept');
        return { updated: 0 };
      }
    },
  };
}
export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;
