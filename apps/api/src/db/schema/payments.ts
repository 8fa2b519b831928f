import { PAYMENT_PROVIDERS, REFUND_REASONS } from '@puja/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { planPayments } from './plans.ts';
import { users } from './users.ts';

/**
 * A "Pay for me" link (docs/decisions/051): a patron hands it to someone (a relative in Nepal) who pays the
 * order without an account. Only the SHA-256 of its random token is kept, as a password would be, so a
 * copy of the database pays nothing. It works while its order is payable and it is not withdrawn; at most
 * one live link per order (a new one withdraws the old). `shows_names`: the patron chose to show their
 * name, the names to pray for and the intention to whoever opens it (never the phone).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull(),
    showsNames: boolean('shows_names').notNull().default(false),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('payment_links_token_hash_unique').on(table.tokenHash),
    uniqueIndex('payment_links_one_live_per_order')
      .on(table.orderId)
      .where(sql`${table.withdrawnAt} IS NULL`),
  ],
);

/**
 * Each try to pay an order: our reference (eSewa transaction_uuid or Khalti pidx) and the amount fixed
 * when it started, so the provider's answer can be checked against what we asked for (docs/payments.md).
 * `status` is what the provider says of the money (Completed: received). At most one received payment
 * per order is kept, which a unique index proves (docs/decisions/010); one the order no longer keeps is
 * `released`. What goes back is in `refunds`, one row per refund (docs/decisions/044).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    reference: text('reference').notNull(),
    /** The rupee value: what the order costs, and what the books count (docs/decisions/052 for cards). */
    amountPaisa: integer('amount_paisa').notNull(),
    /**
     * A card payment (Stripe) is made in the patron's currency: that currency and the amount in its
     * smallest unit as Stripe counts it (cents; yen), converted from `amount_paisa` at the rate below when
     * the Checkout Session was made and fixed then. Null for the wallets, which take rupees.
     */
    presentmentCurrency: text('presentment_currency'),
    presentmentAmountMinor: integer('presentment_amount_minor'),
    /** The stored Nepal Rastra Bank rate used: paisa for `rate_unit` units of the currency (buying). */
    ratePaisa: integer('rate_paisa'),
    rateUnit: smallint('rate_unit'),
    /** Stripe's fee for the payment, in the currency its balance transaction names, and in rupees. */
    feeCurrency: text('fee_currency'),
    feeMinor: integer('fee_minor'),
    feePaisa: integer('fee_paisa'),
    status: text('status', { enum: ['Pending', 'Completed', 'Failed'] })
      .notNull()
      .default('Pending'),
    providerTransactionCode: text('provider_transaction_code'),
    /** Set when someone paid through the patron's "Pay for me" link (docs/decisions/051). */
    paymentLinkId: integer('payment_link_id').references(() => paymentLinks.id, { onDelete: 'restrict' }),
    /** The name the link's payer gave (optional), printed on the receipt beside the patron's. */
    payerName: text('payer_name'),
    /** The provider's last answer, kept for support and reconciliation. */
    lastProviderResponse: jsonb('last_provider_response'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the order stopped keeping this payment: all of it became owed back (a decline, a cancellation,
     * money that arrived too late or twice, or refunds that reached the whole amount). Null while the
     * order keeps it (docs/decisions/044); the refunds themselves are rows of `refunds`.
     */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set on an order's share of a plan paid whole (docs/decisions/055): the provider knows the plan's
     * payment, not this row; its reference is the plan payment's with the order's id after a slash.
     */
    planPaymentId: integer('plan_payment_id').references(() => planPayments.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('payment_attempts_provider_reference_unique').on(table.provider, table.reference),
    index('payment_attempts_order_id_index').on(table.orderId),
    index('payment_attempts_plan_payment_index').on(table.planPaymentId),
    index('payment_attempts_pending_index').on(table.createdAt).where(sql`${table.status} = 'Pending'`),
    check('payment_attempts_provider_check', sql`${table.provider} IN (${inList(PAYMENT_PROVIDERS)})`),
    // A card payment carries its currency, amount and rate; a wallet payment none of them.
    check(
      'payment_attempts_presentment_check',
      sql`(${table.provider} = 'stripe') = (${table.presentmentCurrency} IS NOT NULL) AND (${table.presentmentCurrency} IS NULL) = (${table.presentmentAmountMinor} IS NULL) AND (${table.presentmentCurrency} IS NULL) = (${table.ratePaisa} IS NULL) AND (${table.presentmentCurrency} IS NULL) = (${table.rateUnit} IS NULL) AND (${table.presentmentAmountMinor} IS NULL OR ${table.presentmentAmountMinor} > 0)`,
    ),
    check(
      'payment_attempts_fee_check',
      sql`(${table.feeMinor} IS NULL) = (${table.feePaisa} IS NULL) AND (${table.feeMinor} IS NULL) = (${table.feeCurrency} IS NULL) AND (${table.feeMinor} IS NULL OR ${table.feeMinor} >= 0)`,
    ),
    check('payment_attempts_status_check', sql`${table.status} IN ('Pending', 'Completed', 'Failed')`),
    check('payment_attempts_amount_check', sql`${table.amountPaisa} > 0`),
    check(
      'payment_attempts_released_check',
      sql`${table.releasedAt} IS NULL OR ${table.status} = 'Completed'`,
    ),
    // One order, one kept payment: a second received payment can only exist with its refund.
    uniqueIndex('payment_attempts_one_kept_per_order')
      .on(table.orderId)
      .where(sql`${table.status} = 'Completed' AND ${table.releasedAt} IS NULL`),
    index('payment_attempts_created_index').on(table.createdAt.desc(), table.id.desc()),
  ],
);

export const REFUND_STATES = ['due', 'requested', 'refunded'] as const;

/**
 * One refund of a received payment (docs/decisions/044): all of a payment the order no longer keeps, or
 * part of a kept one (a concern's). `due` → (`requested`, Khalti only: its refund API was called and has
 * not confirmed) → `refunded`. Several per payment, never more in all than was paid: a trigger
 * (`refunds_within_payment`, migration 0020) locks the payment and checks the sum on every insert. At
 * most one per payment is still to be made (a unique index), so the Payments screen's actions on a
 * payment name one refund, and Khalti's look-up ("Refunded", "Partially refunded") speaks of one.
 * `idempotency_key` names the event that made it due, so repeating the event makes no second refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentAttemptId: integer('payment_attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    amountPaisa: integer('amount_paisa').notNull(),
    /** For a card payment, what goes back in the payer's currency (its smallest unit); null for the wallets. */
    presentmentAmountMinor: integer('presentment_amount_minor'),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull().default('due'),
    idempotencyKey: text('idempotency_key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who made it due: the administrator resolving a concern, the staff member declining, the patron cancelling; null when no one did (money that arrived too late). */
    dueBy: integer('due_by').references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** The provider's reference for the refund (eSewa: as recorded by an administrator). */
    providerReference: text('provider_reference'),
    /** The administrator who refunded it, or asked Khalti to. */
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'restrict' }),
    /** Khalti's last refusal, shown to administrators so they can refund in the portal instead. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('refunds_idempotency_key_unique').on(table.idempotencyKey),
    index('refunds_payment_index').on(table.paymentAttemptId, table.id),
    check('refunds_amount_check', sql`${table.amountPaisa} > 0`),
    check('refunds_reason_check', sql`${table.reason} IN (${inList(REFUND_REASONS)})`),
    check('refunds_state_check', sql`${table.state} IN (${inList(REFUND_STATES)})`),
    check('refunds_refunded_check', sql`(${table.state} = 'refunded') = (${table.refundedAt} IS NOT NULL)`),
    // One refund at a time per payment is still to be made.
    uniqueIndex('refunds_one_open_per_payment')
      .on(table.paymentAttemptId)
      .where(sql`${table.state} IN ('due', 'requested')`),
    // The administrator's Payments screen: refunds still to make first.
    index('refunds_open_index').on(table.dueAt).where(sql`${table.state} IN ('due', 'requested')`),
  ],
);

/**
 * Stripe's webhook events already handled, by Stripe's event id: Stripe delivers an event at least once
 * and may send it again, so each is acted on once (docs/decisions/052). Kept small: an id and a time.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
