import {
  DECLINE_REASONS,
  LANGUAGES,
  OFFERING_PRICINGS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type UnitNames,
} from '@puja/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { monasteries, monasteryPujas } from './catalogue.ts';
import { createdAt, inList, updatedAt, version } from './columns.ts';
import { dedicationPlans } from './plans.ts';
import { users } from './users.ts';

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The reference people quote (`PJ-7K3M9Q`): random, so one order's number tells nothing of another's. */
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    monasteryPujaId: integer('monastery_puja_id')
      .notNull()
      .references(() => monasteryPujas.id, { onDelete: 'restrict' }),
    /** Copied from the offering so staff queries and access checks need no join. */
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'restrict' }),
    /** The puja's day in the business time zone. */
    pujaDate: date('puja_date', { mode: 'string' }).notNull(),
    /** The time of day the monastery set (`HH:MM`, business time zone), or null: none set (docs/decisions/020). */
    pujaTime: text('puja_time'),
    /**
     * How many times the puja's day or time has changed: the calendar event's SEQUENCE (RFC 5545), so a
     * calendar that holds an earlier download replaces it with the newer one.
     */
    scheduleRevision: integer('schedule_revision').notNull().default(0),
    /**
     * The names as free text, from before they became a list (`order_names`, migration 0012): kept as the
     * patron wrote them, since the migration's split of the text is a judgement (docs/decisions/035). New
     * orders leave it null.
     */
    beneficiary: text('beneficiary'),
    intention: text('intention'),
    /** The server's price at ordering time, integer paisa; never the client's figure. */
    amountPaisa: integer('amount_paisa').notNull(),
    /**
     * How the amount was made, as the offering was priced when ordered (docs/decisions/054): `per_unit`
     * is `quantity` × `unit_price_paisa` (a check holds it), the unit's names kept for the receipt;
     * `pay_what_you_can` the patron's amount, at least the offering's least; `fixed` the price.
     */
    pricing: text('pricing', { enum: OFFERING_PRICINGS }).notNull().default('fixed'),
    quantity: integer('quantity').notNull().default(1),
    unitPricePaisa: integer('unit_price_paisa'),
    unitNames: jsonb('unit_names').$type<UnitNames>(),
    paymentType: text('payment_type', { enum: PAYMENT_PROVIDERS }).notNull(),
    /**
     * A summary of the order's payments, kept by `refreshOrderPaymentStatus` in every transaction that
     * changes them: `Completed` while a received payment is kept for the puja (docs/decisions/010).
     */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('Pending'),
    transactionCode: text('transaction_code'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** From the order form, so a double click or a retried request cannot create a second order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * When the order reached a final state (declined, completed, cancelled, expired): its page's timeline
     * shows cancellations and expiries, which no audit entry records, at this moment.
     */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** Why the monastery declined it (docs/decisions/038); null for an order not declined (or declined before). */
    declineReason: text('decline_reason', { enum: DECLINE_REASONS }),
    /** The staff member's words when the reason is `other`, which the patron reads as written. */
    declineNote: text('decline_note'),
    /** The dedication plan this order is an occurrence of, and which (1, 2, …); null for an order of its own. */
    planId: integer('plan_id').references(() => dedicationPlans.id, { onDelete: 'restrict' }),
    planOccurrence: integer('plan_occurrence'),
    /**
     * An occurrence of a plan paid each (docs/decisions/058): when its payment is due, replacing the
     * payment window (never past its day's end). Null: the window from when it was placed.
     */
    payBy: timestamp('pay_by', { withTimezone: true, mode: 'date' }),
    /**
     * When its plan was paused with this occurrence unpaid (docs/decisions/058): it holds no place, is not
     * payable and does not expire by its window (only once its day has passed), and no one is reminded.
     */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('orders_idempotency_unique').on(table.userId, table.idempotencyKey),
    unique('orders_number_unique').on(table.number),
    index('orders_user_created_index').on(table.userId, table.createdAt),
    index('orders_monastery_status_index').on(table.monasteryId, table.status, table.pujaDate),
    index('orders_monastery_puja_id_index').on(table.monasteryPujaId),
    // The administrator's latest orders, newest first, without sorting the whole table.
    index('orders_created_index').on(table.createdAt.desc(), table.id.desc()),
    check('orders_amount_check', sql`${table.amountPaisa} >= 0`),
    check('orders_payment_type_check', sql`${table.paymentType} IN (${inList(PAYMENT_PROVIDERS)})`),
    check(
      'orders_payment_status_check',
      sql`${table.paymentStatus} IN ('Pending', 'Completed', 'Failed', 'Refund due', 'Refunded')`,
    ),
    check(
      'orders_status_check',
      sql`${table.status} IN ('pending', 'approved', 'declined', 'completed', 'cancelled', 'expired')`,
    ),
    check('orders_number_check', sql`${table.number} ~ '^PJ-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$'`),
    // Unpaid orders still pending, oldest first: what the expiry job looks at.
    index('orders_unpaid_pending_index')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' AND ${table.paymentStatus} IN ('Pending', 'Failed')`),
    // Paid orders waiting for their monastery's approval: the count the back-office sidebar polls.
    index('orders_awaiting_action_index')
      .on(table.monasteryId)
      .where(sql`${table.status} = 'pending' AND ${table.paymentStatus} = 'Completed'`),
    check('orders_puja_time_check', sql`${table.pujaTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('orders_intention_length', sql`char_length(${table.intention}) <= 500`),
    check(
      'orders_decline_reason_check',
      sql`${table.declineReason} IN ('date_unavailable', 'puja_not_offered', 'other')`,
    ),
    // "Other" says what: the patron is never told "declined for another reason" and nothing more.
    check(
      'orders_decline_note_check',
      sql`${table.declineReason} IS DISTINCT FROM 'other' OR char_length(${table.declineNote}) BETWEEN 1 AND 500`,
    ),
    check('orders_beneficiary_length', sql`char_length(${table.beneficiary}) <= 500`),
    unique('orders_plan_occurrence_unique').on(table.planId, table.planOccurrence),
    check('orders_plan_occurrence_check', sql`(${table.planId} IS NULL) = (${table.planOccurrence} IS NULL)`),
    check('orders_pricing_check', sql`${table.pricing} IN (${inList(OFFERING_PRICINGS)})`),
    check('orders_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'orders_per_unit_amount_check',
      sql`${table.pricing} <> 'per_unit' OR (${table.unitNames} IS NOT NULL AND ${table.amountPaisa}::bigint = ${table.quantity}::bigint * ${table.unitPricePaisa})`,
    ),
  ],
);

/**
 * An order dedicated to someone else (docs/decisions/054): whom, how to tell them, on which Nepal day. The
 * `tell-gift-recipients` job tells them once the day has come and the order is paid: it sets `told_at` and
 * the link's hash (`link_hash`, SHA-256 of a random token the notice carries) in the transaction that
 * queues the notice, and only where `told_at` was null, so a run repeated tells nobody twice.
 */
export const orderGifts = pgTable(
  'order_gifts',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    recipientPhone: text('recipient_phone'),
    recipientLanguage: text('recipient_language', { enum: LANGUAGES }).notNull(),
    tellOn: date('tell_on', { mode: 'string' }).notNull(),
    message: text('message'),
    showPatron: boolean('show_patron').notNull().default(false),
    toldAt: timestamp('told_at', { withTimezone: true, mode: 'date' }),
    linkHash: text('link_hash'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('order_gifts_link_hash_unique').on(table.linkHash),
    // What the job looks at: the gifts not yet told, by day.
    index('order_gifts_untold_index').on(table.tellOn).where(sql`${table.toldAt} IS NULL`),
    check(
      'order_gifts_contact_check',
      sql`${table.recipientEmail} IS NOT NULL OR ${table.recipientPhone} IS NOT NULL`,
    ),
    check('order_gifts_told_check', sql`(${table.toldAt} IS NULL) = (${table.linkHash} IS NULL)`),
    check('order_gifts_name_length', sql`char_length(${table.recipientName}) BETWEEN 1 AND 100`),
    check('order_gifts_message_length', sql`char_length(${table.message}) <= 500`),
    check('order_gifts_language_check', sql`${table.recipientLanguage} IN (${inList(LANGUAGES)})`),
  ],
);

/**
 * The names an order's puja is offered for, one row each in the patron's order (`position`), so that staff
 * tick each as read during the puja (`read_at`, `read_by`; docs/decisions/035). The API's limits on count
 * and length are stricter than these checks, which also hold names the migration split from old text.
 */
export const orderNames = pgTable(
  'order_names',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    departed: boolean('departed').notNull().default(false),
    note: text('note'),
    /** When a staff member ticked the name as read during the puja; null: not (or no longer) ticked. */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    readBy: integer('read_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (table) => [
    unique('order_names_position_unique').on(table.orderId, table.position),
    check('order_names_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 500`),
    check('order_names_note_length', sql`char_length(${table.note}) <= 500`),
    check('order_names_read_check', sql`(${table.readAt} IS NULL) = (${table.readBy} IS NULL)`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_order_created_index').on(table.orderId, table.createdAt),
    check('messages_body_length', sql`char_length(${table.body}) BETWEEN 1 AND 2000`),
  ],
);

/** Completion photos. The file lives in storage under a random key; only the key is kept here. */
export const orderImages = pgTable(
  'order_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('order_images_storage_key_unique').on(table.storageKey),
    index('order_images_order_id_index').on(table.orderId),
  ],
);

/**
 * The one video of a performed puja (docs/decisions/037): a short MP4 or WebM kept privately under a random
 * key and streamed through signed links with range requests. Its poster is a picture staff gave with it,
 * re-encoded as the photos are, or, when they gave none, the order's first completion photo.
 */
export const orderVideos = pgTable(
  'order_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** From the file's bytes (`video/mp4` or `video/webm`), never from what the browser declared. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    posterStorageKey: text('poster_storage_key'),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('order_videos_order_unique').on(table.orderId),
    unique('order_videos_storage_key_unique').on(table.storageKey),
    check('order_videos_content_type_check', sql`${table.contentType} IN ('video/mp4', 'video/webm')`),
  ],
);

/**
 * A livestream or recording of the puja that staff announced (docs/decisions/037): an https link on
 * YouTube, Facebook or Zoom, checked by the server, and when it starts (UTC; staff give it in Nepal time).
 */
export const orderStreams = pgTable(
  'order_streams',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    announcedBy: integer('announced_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('order_streams_url_check', sql`${table.url} LIKE 'https://%' AND char_length(${table.url}) <= 500`),
  ],
);

/**
 * A performed puja's certificate (docs/decisions/037): its code, 16 characters of Crockford base32 (80
 * random bits), opens the public `/verify/{code}` page. Issued when the order is completed; an order
 * completed before certificates existed gets one the first time it is asked for.
 */
export const orderCertificates = pgTable(
  'order_certificates',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The staff member who completed the order; null when no record says who. */
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('order_certificates_code_unique').on(table.code),
    check('order_certificates_code_check', sql`${table.code} ~ '^[0-9A-HJKMNP-TV-Z]{16}$'`),
  ],
);

/**
 * The reminders sent (docs/decisions/038): one row per kind, subject and day, inserted in the transaction
 * that queues the reminder's SMS or e-mail. The reminder jobs insert first and queue only what they
 * inserted, so a job run twice (a restart, a second instance, a cron slot filled in after an outage) sends
 * each reminder once. `subject_id` is an order (`patron-day-before`; `patron-pay-by`, a pay-each occurrence due
 * soon, docs/decisions/058) or a monastery (`staff-morning`).
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text('kind', { enum: ['patron-day-before', 'staff-morning', 'patron-pay-by'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The puja's day (Nepal) the reminder is for. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.subjectId, table.day] }),
    check(
      'reminders_sent_kind_check',
      sql`${table.kind} IN ('patron-day-before', 'staff-morning', 'patron-pay-by')`,
    ),
  ],
);
