import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import type { PublishedRate } from '../../integrations/exchange-rates/nrb-exchange-rates.ts';

/** The stored rates published on or after a day (at most one per currency: a short list). */
export function listRatesPublishedSince(db: Executor, day: string) {
  return db
    .select()
    .from(exchangeRates)
    .where(gte(exchangeRates.publishedOn, day))
    .orderBy(exchangeRates.currency);
}

/** The most recent publication day stored, or undefined when the table is empty. */
export async function latestPublishedOn(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ latest: sql<string | null>`max(${exchangeRates.publishedOn})` })
    .from(exchangeRates);
  return row?.latest ?? undefined;
}

/**
 * Keeps each currency's rate unless the stored one was published later: an answer about an older day
 * (a provider's cache, a retry that arrives late) never replaces a newer rate. Answers how many changed.
 */
export async function upsertRates(db: Executor, rates: PublishedRate[], fetchedAt: Date): Promise<number> {
  if (rates.length === 0) return 0;
  const changed = await db
    .insert(exchangeRates)
    .values(rates.map((rate) => ({ ...rate, fetchedAt })))
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: {
        unit: sql`excluded.unit`,
        buyPaisa: sql`excluded.buy_paisa`,
        sellPaisa: sql`excluded.sell_paisa`,
        publishedOn: sql`excluded.published_on`,
        fetchedAt: sql`excluded.fetched_at`,
      },
      setWhere: sql`${exchangeRates.publishedOn} <= excluded.published_on`,
    })
    .returning({ currency: exchangeRates.currency });
  return changed.length;
}

/** One currency's stored rate if published on or after a day (a card payment's rate, docs/decisions/052). */
export async function findRatePublishedSince(db: Executor, currency: string, day: string) {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency as never), gte(exchangeRates.publishedOn, day)));
  return row;
}
