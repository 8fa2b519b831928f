import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A browser a staff member allowed to show notifications (docs/decisions/041): one row per device, as the
 * browser's push service named it. A push service answering 404 or 410 means the browser dropped it, and
 * the row is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device (https). */
    endpoint: text('endpoint').notNull(),
    /** The browser's public key (P-256, base64url) and its auth secret: what the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_id_index').on(table.userId),
    check('push_subscriptions_endpoint_length', sql`char_length(${table.endpoint}) <= 1000`),
  ],
);

/**
 * A notice waiting for a staff member's next digest (docs/decisions/041). Rows, not memory: a process that
 * dies loses nothing, and the digest deletes exactly the rows it tells of in the transaction that queues it.
 */
export const staffNoticesPending = pgTable(
  'staff_notices_pending',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The notice as it would have been sent alone: `{ key, params }` (a `StaffNotice`). */
    notice: jsonb('notice').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('staff_notices_pending_user_index').on(table.userId, table.createdAt)],
);
