import { PLAN_KINDS } from '@puja/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { monasteries, monasteryPujas } from './catalogue.ts';
import { createdAt, inList, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A dedication plan (docs/decisions/055): one puja ordered for several days at once, the seven weeks after
 * a death, a day of each month or an anniversary. Each occurrence is an order of its own (`orders.plan_id`),
 * with its own state, notices, proof and receipt; the plan keeps what the patron chose and who it is for.
 */
export const dedicationPlans = pgTable(
  'dedication_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    monasteryPujaId: integer('monastery_puja_id')
      .notNull()
      .references(() => monasteryPujas.id, { onDelete: 'restrict' }),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PLAN_KINDS }).notNull(),
    /** The person it is for, when they have died (the 49 days count from the date of death). */
    departedName: text('departed_name'),
    dateOfDeath: date('date_of_death', { mode: 'string' }),
    /**
     * The departed's photo, in the private storage area (`departed-photos/{plan}/{random}.webp`), shown only
     * through signed links to the patron and the monastery's staff (docs/decisions/060). The random part
     * is in the link, so a replaced photo's old links answer 404.
     */
    departedPhotoKey: text('departed_photo_key'),
    dayOfMonth: smallint('day_of_month'),
    /** A yearly plan's date; its month and day give the anniversaries. */
    anniversary: date('anniversary', { mode: 'string' }),
    /** A Tibetan-day plan's lunar day, 1–30 (docs/decisions/056). */
    lunarDay: smallint('lunar_day'),
    /** One occurrence's price when ordered, integer paisa (each occurrence's order carries it too). */
    amountEachPaisa: integer('amount_each_paisa').notNull(),
    /** From the plan form, so a double click or a retried request cannot create a second plan. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * Paid occurrence by occurrence (docs/decisions/058), where the offering allows it: each occurrence is
     * payable until a few days before its day (`orders.pay_by`) rather than within the payment window.
     */
    payEach: boolean('pay_each').notNull().default(false),
    /**
     * When the patron paused a pay-each plan (docs/decisions/058); null while it runs. Its unpaid future
     * occurrences are paused with it (`orders.paused_at`).
     */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    /** When the patron ended the plan (its occurrences not yet approved were cancelled). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('dedication_plans_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('dedication_plans_user_index').on(table.userId, table.id),
    check('dedication_plans_kind_check', sql`${table.kind} IN (${inList(PLAN_KINDS)})`),
    check('dedication_plans_amount_check', sql`${table.amountEachPaisa} >= 0`),
    check('dedication_plans_day_of_month_check', sql`${table.dayOfMonth} BETWEEN 1 AND 31`),
    check('dedication_plans_lunar_day_check', sql`${table.lunarDay} BETWEEN 1 AND 30`),
    // A name needs its date of death; the date stays without the name once a deleted account's words are
    // removed (the 49 days' kind needs it), so the plan's days still read (docs/decisions/060).
    check(
      'dedication_plans_departed_check',
      sql`${table.departedName} IS NULL OR ${table.dateOfDeath} IS NOT NULL`,
    ),
    check(
      'dedication_plans_departed_photo_check',
      sql`${table.departedPhotoKey} IS NULL OR ${table.departedName} IS NOT NULL`,
    ),
    check('dedication_plans_departed_name_length', sql`char_length(${table.departedName}) BETWEEN 1 AND 100`),
    // What each kind needs to place its days.
    check(
      'dedication_plans_kind_fields_check',
      sql`CASE ${table.kind}
        WHEN 'forty_nine_days' THEN ${table.dateOfDeath} IS NOT NULL
        WHEN 'monthly' THEN ${table.dayOfMonth} IS NOT NULL
        WHEN 'tibetan_day' THEN ${table.lunarDay} IS NOT NULL
        ELSE ${table.anniversary} IS NOT NULL END`,
    ),
  ],
);

/**
 * Paying a plan whole (docs/decisions/055): one payment at the provider for its occurrences waiting for
 * payment. Its `payment_attempts` rows, one per occurrence (`plan_payment_id`), are its shares: each is that
 * order's payment, received, kept, refunded and earned by the rules of any order's payment, so every
 * ledger entry stays per order. This row is what the provider knows: our reference and the whole amount.
 */
export const planPayments = pgTable(
  'plan_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => dedicationPlans.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['esewa', 'khalti'] }).notNull(),
    reference: text('reference').notNull(),
    amountPaisa: integer('amount_paisa').notNull(),
    status: text('status', { enum: ['Pending', 'Completed', 'Failed'] })
      .notNull()
      .default('Pending'),
    providerTransactionCode: text('provider_transaction_code'),
    lastProviderResponse: jsonb('last_provider_response'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('plan_payments_provider_reference_unique').on(table.provider, table.reference),
    index('plan_payments_plan_index').on(table.planId),
    index('plan_payments_pending_index').on(table.createdAt).where(sql`${table.status} = 'Pending'`),
    check('plan_payments_amount_check', sql`${table.amountPaisa} > 0`),
    check('plan_payments_status_check', sql`${table.status} IN ('Pending', 'Completed', 'Failed')`),
  ],
);
