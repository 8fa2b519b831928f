import { CURRENCIES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Nepal Rastra Bank's latest published rate for each currency a patron may see prices in
 * (docs/decisions/020), as the bank publishes it: integer paisa for `unit` units of the currency (JPY per
 * 10, INR per 100). One row per currency, replaced by the daily job only by a rate at least as recent.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency', { enum: CURRENCIES }).primaryKey(),
    unit: smallint('unit').notNull(),
    buyPaisa: integer('buy_paisa').notNull(),
    sellPaisa: integer('sell_paisa').notNull(),
    /** The day the bank published the rate (a Nepal day). */
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('exchange_rates_unit_check', sql`${table.unit} > 0`),
    check(
      'exchange_rates_rate_check',
      sql`${table.buyPaisa} > 0 AND ${table.sellPaisa} >= ${table.buyPaisa}`,
    ),
  ],
);
