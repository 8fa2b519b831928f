import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored in UTC (timestamptz) and travel as ISO strings. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Rows with orders are never deleted; they are archived (hidden from the catalogue, history kept). */
export const archivedAt = () => timestamp('archived_at', { withTimezone: true, mode: 'date' });
