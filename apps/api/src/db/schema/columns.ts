import { sql } from 'drizzle-orm';
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

/** A list of fixed values for an `IN (...)` check, from the same constant the code uses. */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
