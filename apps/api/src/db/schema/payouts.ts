import { PAYOUT_METHODS, PAYOUT_RUN_STATUSES, PAYOUT_RUN_TRIGGERS, PAYOUT_STATUSES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { monasteries } from './catalogue.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Commission, payout details and payouts (docs/decisions/033). The money itself is in the ledger
 * (decision 031); these tables say who is paid, how, and what became of each transfer.
 */

/**
 * A monastery's commission rate from a day on. History is kept and never updated: the rate in force on a
 * day is the row with the latest `effective_from` on or before it (the newest row when two share a day),
 * and with no row, COMMISSION_BASIS_POINTS from the configuration.
 */
export const monasteryCommissionRates = pgTable(
  'monastery_commission_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'restrict' }),
    /** 100 basis points = 1 %. */
    basisPoints: smallint('basis_points').notNull(),
    /** A day in the business time zone (Nepal). */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('monastery_commission_rates_monastery_index').on(
      table.monasteryId,
      table.effectiveFrom.desc(),
      table.id.desc(),
    ),
    check('monastery_commission_rates_basis_points_check', sql`${table.basisPoints} BETWEEN 0 AND 10000`),
  ],
);

/**
 * Where a monastery's money is sent. History is kept and never updated: the newest row is the current
 * one, and a change holds the monastery's payouts until `created_at` + PAYOUT_HOLD_DAYS_AFTER_DETAILS_CHANGE.
 * A wallet (eSewa, Khalti) has no bank or branch; its id is in `account_number`.
 */
export const monasteryPayoutDetails = pgTable(
  'monastery_payout_details',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    accountHolder: text('account_holder').notNull(),
    bankName: text('bank_name'),
    branch: text('branch'),
    /** The bank account number, or the wallet's id (its registered phone number). */
    accountNumber: text('account_number').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('monastery_payout_details_monastery_index').on(table.monasteryId, table.id.desc()),
    check('monastery_payout_details_method_check', sql`${table.method} IN ('bank', 'esewa', 'khalti')`),
    check(
      'monastery_payout_details_bank_check',
      sql`(${table.method} = 'bank') = (${table.bankName} IS NOT NULL)`,
    ),
  ],
);

/**
 * One payout run: it freezes what is due to each monastery at that moment into payouts in transit.
 * The scheduled job makes at most one run a business day; an administrator may make another the same day
 * when a monastery has become payable since (docs/decisions/042), while a second click, with nothing left
 * to pay, finds the day's run instead. `open` while any of its transfers is in transit,
 * `closed` when each was recorded paid or failed.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The business day (Nepal) of the run: it pays what was earned up to the moment it was made. */
    runOn: date('run_on', { mode: 'string' }).notNull(),
    trigger: text('trigger', { enum: PAYOUT_RUN_TRIGGERS }).notNull(),
    /** The administrator who started it; null for the scheduled job. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PAYOUT_RUN_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payout_runs_run_on_index').on(table.runOn),
    check('payout_runs_status_check', sql`${table.status} IN ('open', 'closed')`),
    check('payout_runs_trigger_check', sql`${table.trigger} IN ('schedule', 'admin')`),
    check(
      'payout_runs_created_by_check',
      sql`(${table.trigger} = 'admin') = (${table.createdBy} IS NOT NULL)`,
    ),
  ],
);

/**
 * One monastery's transfer in a run. Its money moved from the monastery's payable balance to payouts in
 * transit when the run was made (`payout_started`); recording the transfer's reference moves it out
 * (`payout_paid`), marking it failed returns it to the balance (`payout_failed`).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'restrict' }),
    amountPaisa: bigint('amount_paisa', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NPR'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('in_transit'),
    /** The bank's or wallet's reference for the transfer, recorded with `paid_on`. */
    reference: text('reference'),
    /** The business day the transfer was made. */
    paidOn: date('paid_on', { mode: 'string' }),
    failureReason: text('failure_reason'),
    /**
     * The payout details the transfer was made to: the row, for the transfer file, and its method and
     * masked account as they were, for lists and statements that must not show the whole number.
     */
    payoutDetailsId: integer('payout_details_id')
      .notNull()
      .references(() => monasteryPayoutDetails.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    accountMasked: text('account_masked').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('payouts_run_monastery_unique').on(table.runId, table.monasteryId),
    index('payouts_monastery_index').on(table.monasteryId, table.id.desc()),
    check('payouts_amount_check', sql`${table.amountPaisa} > 0`),
    check('payouts_currency_check', sql`${table.currency} = 'NPR'`),
    check('payouts_status_check', sql`${table.status} IN ('in_transit', 'paid', 'failed')`),
    check('payouts_method_check', sql`${table.method} IN ('bank', 'esewa', 'khalti')`),
    check(
      'payouts_paid_check',
      sql`(${table.status} = 'paid') = (${table.reference} IS NOT NULL AND ${table.paidOn} IS NOT NULL)`,
    ),
    check('payouts_failed_check', sql`(${table.status} = 'failed') = (${table.failureReason} IS NOT NULL)`),
  ],
);
