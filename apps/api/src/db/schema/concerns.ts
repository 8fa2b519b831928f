import { CONCERN_KINDS, CONCERN_STATUSES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns.ts';
import { orders } from './orders.ts';
import { paymentAttempts } from './payments.ts';
import { users } from './users.ts';

/**
 * A patron's concern about a performed puja (docs/decisions/036): raised within `CONCERN_WINDOW_DAYS` of
 * the completion, at most one open per order (a unique index), resolved once by an administrator with a
 * refund (of all or part of the kept payment), a redo on a new date, or a reasoned rejection. While it is
 * open, what the order earned its monastery is held from payouts (`payouts/payout-holds.ts`).
 */
export const orderConcerns = pgTable(
  'order_concerns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    raisedBy: integer('raised_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: CONCERN_KINDS }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: CONCERN_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    /** The administrator's words to the patron: required for a rejection, optional otherwise. */
    resolutionNote: text('resolution_note'),
    /** A refund: how much (paisa) and of which payment. */
    refundAmountPaisa: integer('refund_amount_paisa'),
    refundPaymentId: integer('refund_payment_id').references(() => paymentAttempts.id, {
      onDelete: 'restrict',
    }),
    /** A redo: the new day of the puja (business time zone). */
    redoDate: date('redo_date', { mode: 'string' }),
  },
  (table) => [
    uniqueIndex('order_concerns_one_open_per_order').on(table.orderId).where(sql`${table.status} = 'open'`),
    index('order_concerns_order_index').on(table.orderId),
    // The administrators' queue: open concerns, oldest first.
    index('order_concerns_open_index').on(table.createdAt, table.id).where(sql`${table.status} = 'open'`),
    check('order_concerns_kind_check', sql`${table.kind} IN (${inList(CONCERN_KINDS)})`),
    check('order_concerns_status_check', sql`${table.status} IN (${inList(CONCERN_STATUSES)})`),
    check('order_concerns_message_length', sql`char_length(${table.message}) BETWEEN 1 AND 2000`),
    check('order_concerns_note_length', sql`char_length(${table.resolutionNote}) <= 2000`),
    // Each outcome carries what it needs, and nothing of another outcome.
    check(
      'order_concerns_outcome_check',
      sql`CASE ${table.status}
        WHEN 'open' THEN ${table.resolvedAt} IS NULL AND ${table.resolvedBy} IS NULL
          AND ${table.refundAmountPaisa} IS NULL AND ${table.refundPaymentId} IS NULL AND ${table.redoDate} IS NULL
        WHEN 'refunded' THEN ${table.resolvedAt} IS NOT NULL AND ${table.resolvedBy} IS NOT NULL
          AND ${table.refundAmountPaisa} > 0 AND ${table.refundPaymentId} IS NOT NULL AND ${table.redoDate} IS NULL
        WHEN 'redone' THEN ${table.resolvedAt} IS NOT NULL AND ${table.resolvedBy} IS NOT NULL
          AND ${table.refundAmountPaisa} IS NULL AND ${table.redoDate} IS NOT NULL
        ELSE ${table.resolvedAt} IS NOT NULL AND ${table.resolvedBy} IS NOT NULL
          AND ${table.refundAmountPaisa} IS NULL AND ${table.redoDate} IS NULL
          AND char_length(${table.resolutionNote}) > 0 END`,
    ),
  ],
);
