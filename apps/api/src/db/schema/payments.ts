import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Each try to pay an order: our reference (eSewa transaction_uuid or Khalti pidx) and the amount fixed
 * when it started, so the provider's answer can be checked against what we asked for (payments.md).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['esewa', 'khalti'] }).notNull(),
    reference: text('reference').notNull(),
    amountPaisa: integer('amount_paisa').notNull(),
    status: text('status', { enum: ['Pending', 'Completed', 'Failed', 'Refunded'] })
      .notNull()
      .default('Pending'),
    providerTransactionCode: text('provider_transaction_code'),
    /** The provider's last answer, kept for support and reconciliation. */
    lastProviderResponse: jsonb('last_provider_response'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('payment_attempts_provider_reference_unique').on(table.provider, table.reference),
    index('payment_attempts_order_id_index').on(table.orderId),
    index('payment_attempts_pending_index').on(table.createdAt).where(sql`${table.status} = 'Pending'`),
    check('payment_attempts_provider_check', sql`${table.provider} IN ('esewa', 'khalti')`),
    check(
      'payment_attempts_status_check',
      sql`${table.status} IN ('Pending', 'Completed', 'Failed', 'Refunded')`,
    ),
    check('payment_attempts_amount_check', sql`${table.amountPaisa} > 0`),
  ],
);
