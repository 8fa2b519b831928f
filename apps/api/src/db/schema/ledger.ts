import { LEDGER_ACCOUNT_NAMES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { monasteries } from './catalogue.ts';
import { createdAt, inList } from './columns.ts';
import { orders } from './orders.ts';
import { paymentAttempts } from './payments.ts';
import { payouts } from './payouts.ts';

/**
 * The accounts of the double-entry ledger (docs/decisions/031). A monastery's accounts are the pair
 * (kind, monastery_id); the others are the platform's own and carry no monastery.
 */
export const LEDGER_ACCOUNTS = LEDGER_ACCOUNT_NAMES;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_ENTRY_KINDS = [
  'payment_received',
  'refund_due',
  'refund_paid',
  'order_completed',
  'clawback',
  // A concern resolved by a redo: what the performance earned goes back to held (docs/decisions/036).
  'order_redone',
  // Stripe's fee on a card payment, borne by the platform (docs/decisions/052).
  'provider_fee',
  // Payouts (docs/decisions/033).
  'payout_started',
  'payout_paid',
  'payout_failed',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * One business event in the books. Append-only: triggers refuse UPDATE and DELETE, and a correction is a
 * new entry. The idempotency key names the event (`payment-received:42`), so posting it twice is one entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    paymentAttemptId: integer('payment_attempt_id').references(() => paymentAttempts.id, {
      onDelete: 'restrict',
    }),
    /** The payout a `payout_*` entry is about. */
    payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /**
     * The transaction that wrote the entry: postings may be added to an entry only in that transaction,
     * so an entry committed once can never gain lines (migration 0010's trigger).
     */
    createdTxid: bigint('created_txid', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (table) => [
    unique('ledger_entries_idempotency_key_unique').on(table.idempotencyKey),
    index('ledger_entries_order_id_index').on(table.orderId),
    index('ledger_entries_payout_id_index').on(table.payoutId),
    check('ledger_entries_kind_check', sql`${table.kind} IN (${inList(LEDGER_ENTRY_KINDS)})`),
    // The payout entries, and only they, name their payout.
    check(
      'ledger_entries_payout_check',
      sql`(${table.kind} IN ('payout_started', 'payout_paid', 'payout_failed')) = (${table.payoutId} IS NOT NULL)`,
    ),
  ],
);

/**
 * One line of an entry: a signed amount in integer paisa on one account (positive: debit, negative:
 * credit). Each entry's postings sum to zero per currency, checked by a deferred constraint trigger at
 * commit (migration 0010).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    monasteryId: integer('monastery_id').references(() => monasteries.id, { onDelete: 'restrict' }),
    amountPaisa: bigint('amount_paisa', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NPR'),
    /**
     * A posting on a card payment's money (Stripe clearing, its fee) also says what it stands for in the
     * payer's currency, in that currency's smallest unit: the books balance in rupees at the payment's fixed
     * rate, and the foreign amount is kept beside them (docs/decisions/052).
     */
    foreignCurrency: text('foreign_currency'),
    foreignAmountMinor: bigint('foreign_amount_minor', { mode: 'number' }),
  },
  (table) => [
    index('ledger_postings_entry_id_index').on(table.entryId),
    index('ledger_postings_account_index').on(table.account, table.monasteryId),
    check('ledger_postings_account_check', sql`${table.account} IN (${inList(LEDGER_ACCOUNTS)})`),
    check(
      'ledger_postings_monastery_check',
      sql`(${table.account} IN ('monastery_payable', 'payouts_in_transit')) = (${table.monasteryId} IS NOT NULL)`,
    ),
    check('ledger_postings_amount_check', sql`${table.amountPaisa} <> 0`),
    check('ledger_postings_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'ledger_postings_foreign_check',
      sql`(${table.foreignCurrency} IS NULL) = (${table.foreignAmountMinor} IS NULL) AND (${table.foreignCurrency} IS NULL OR ${table.foreignCurrency} ~ '^[A-Z]{3}$')`,
    ),
  ],
);
