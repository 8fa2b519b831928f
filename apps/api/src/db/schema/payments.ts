import { REFUND_REASONS } from '@puja/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Each try to pay an order: our reference (eSewa transaction_uuid or Khalti pidx) and the amount fixed
 * when it started, so the provider's answer can be checked against what we asked for (docs/payments.md).
 * `status` is what the provider says of the money (Completed: received). A received payment that is not
 * kept for the puja carries its refund (`refund_status` due → requested → refunded); at most one received
 * payment per order is kept, which a unique index proves (docs/decisions/010).
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
    status: text('status', { enum: ['Pending', 'Completed', 'Failed'] })
      .notNull()
      .default('Pending'),
    providerTransactionCode: text('provider_transaction_code'),
    /** The provider's last answer, kept for support and reconciliation. */
    lastProviderResponse: jsonb('last_provider_response'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * How much of the payment its refund returns, when less than all of it: only a concern's refund of a
     * performed puja is partial (docs/decisions/036); null means the whole payment.
     */
    refundAmountPaisa: integer('refund_amount_paisa'),
    /** `due`: to be returned; `requested`: Khalti's refund API was called and has not confirmed yet. */
    refundStatus: text('refund_status', { enum: ['due', 'requested', 'refunded'] }),
    refundReason: text('refund_reason', { enum: REFUND_REASONS }),
    refundDueAt: timestamp('refund_due_at', { withTimezone: true, mode: 'date' }),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    refundReference: text('refund_reference'),
    /** The administrator who refunded it, or asked Khalti to. */
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'restrict' }),
    /** Khalti's last refusal, shown to administrators so they can refund in the portal instead. */
    refundError: text('refund_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('payment_attempts_provider_reference_unique').on(table.provider, table.reference),
    index('payment_attempts_order_id_index').on(table.orderId),
    index('payment_attempts_pending_index').on(table.createdAt).where(sql`${table.status} = 'Pending'`),
    check('payment_attempts_provider_check', sql`${table.provider} IN ('esewa', 'khalti')`),
    check('payment_attempts_status_check', sql`${table.status} IN ('Pending', 'Completed', 'Failed')`),
    check('payment_attempts_amount_check', sql`${table.amountPaisa} > 0`),
    check(
      'payment_attempts_refund_check',
      sql`(${table.refundStatus} IS NULL AND ${table.refundReason} IS NULL)
        OR (${table.status} = 'Completed' AND ${table.refundStatus} IN ('due', 'requested', 'refunded')
            AND ${table.refundReason} IN (${inList(REFUND_REASONS)})
            AND ${table.refundDueAt} IS NOT NULL)`,
    ),
    // A partial refund is part of a received payment, and only a concern's: the other reasons return it all.
    check(
      'payment_attempts_refund_amount_check',
      sql`${table.refundAmountPaisa} IS NULL OR (${table.refundReason} = 'concern'
        AND ${table.refundAmountPaisa} > 0 AND ${table.refundAmountPaisa} < ${table.amountPaisa})`,
    ),
    check(
      'payment_attempts_refunded_check',
      sql`(${table.refundStatus} = 'refunded') = (${table.refundedAt} IS NOT NULL)`,
    ),
    // One order, one kept payment: a second received payment can only exist with its refund.
    uniqueIndex('payment_attempts_one_kept_per_order')
      .on(table.orderId)
      .where(sql`${table.status} = 'Completed' AND ${table.refundStatus} IS NULL`),
    // The administrator's Payments screen: refunds still to make first.
    index('payment_attempts_refund_open_index')
      .on(table.refundDueAt)
      .where(sql`${table.refundStatus} IN ('due', 'requested')`),
    index('payment_attempts_created_index').on(table.createdAt.desc(), table.id.desc()),
  ],
);
