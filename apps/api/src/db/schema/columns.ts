import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored in UTC (timestamptz) and travel as ISO strings. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/**
 * The record's version: every save names the version it was made from, and a guarded update raises it by
 * one, so a save from an older copy is refused (409) instead of silently undoing another's (docs/decisions/040).
 */
export const version = () => integer('version').notNull().default(1);
/** Rows with orders are never deleted; they are archived (hidden from the catalogue, history kept). */
export const archivedAt = () => timestamp('archived_at', { withTimezone: true, mode: 'date' });

/** A list of fixed values for an `IN (...)` check, from the same constant the code uses. */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A catalogue item's name and description in Nepali and in Traditional Chinese, beside the English `name`
 * and `description` (docs/decisions/049): null where none was entered, and the reader is shown the English.
 */
export const catalogueTranslations = () => ({
  nameNe: text('name_ne'),
  nameZhHant: text('name_zh_hant'),
  ...descriptionTranslations(),
});
export const descriptionTranslations = () => ({
  descriptionNe: text('description_ne'),
  descriptionZhHant: text('description_zh_hant'),
});

/** A translation is null or words: never an empty or blank text standing for "none". */
export const notBlank = (columns: readonly AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql`(${column} IS NULL OR btrim(${column}) <> '')`),
    sql` AND `,
  );
