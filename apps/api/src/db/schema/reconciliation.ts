import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One difference as the reconciliation stores it: an order, an account, and paisa as stored (credits < 0). */
export interface StoredLedgerDifference {
  orderNumber: string;
  account: string;
  expectedPaisa: number;
  actualPaisa: number;
}

/**
 * Each run of the hourly reconciliation of the ledger against the payments (docs/decisions/034): when it
 * ran, how many orders' accounts disagreed (0: the books balance), and the first of those differences.
 * The newest row is what the dashboard and the metric show; rows older than 90 days are removed by the
 * job itself, so the table stays a few thousand rows.
 */
export const ledgerReconciliations = pgTable(
  'ledger_reconciliations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Differences found, counted up to the job's limit (`RECONCILIATION_COUNT_LIMIT`). */
    differenceCount: integer('difference_count').notNull(),
    /** The first differences, for the dashboard (at most `RECONCILIATION_KEPT_DIFFERENCES`). */
    differences: jsonb('differences').$type<StoredLedgerDifference[]>().notNull(),
  },
  (table) => [
    index('ledger_reconciliations_checked_at_index').on(table.checkedAt),
    check('ledger_reconciliations_count_check', sql`${table.differenceCount} >= 0`),
  ],
);
