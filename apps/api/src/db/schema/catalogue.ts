import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, updatedAt } from './columns.ts';

export const monasteries = pgTable(
  'monasteries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imagePath: text('image_path'),
    /** 1 open, 0 closed (docs/product.md#catalogue-status-and-removal). */
    status: smallint('status').notNull().default(1),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('monasteries_slug_unique').on(table.slug),
    // Names are unique, ignoring case, among monasteries that are not archived (docs/product.md).
    uniqueIndex('monasteries_name_unique')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.archivedAt} IS NULL`),
    check('monasteries_status_check', sql`${table.status} IN (0, 1)`),
    check('monasteries_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const pujas = pgTable(
  'pujas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imagePath: text('image_path'),
    status: smallint('status').notNull().default(1),
    /** Set for a monastery's own special puja; null for the shared catalogue. */
    monasteryId: integer('monastery_id').references(() => monasteries.id, { onDelete: 'restrict' }),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pujas_slug_unique').on(table.slug),
    // Names are unique, ignoring case, among catalogue pujas, and among one monastery's special pujas
    // (against the catalogue pujas it offers, the services check: an index cannot see the offerings).
    uniqueIndex('pujas_catalogue_name_unique')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.monasteryId} IS NULL AND ${table.archivedAt} IS NULL`),
    uniqueIndex('pujas_special_name_unique')
      .on(table.monasteryId, sql`lower(${table.name})`)
      .where(sql`${table.monasteryId} IS NOT NULL AND ${table.archivedAt} IS NULL`),
    index('pujas_monastery_id_index').on(table.monasteryId),
    check('pujas_status_check', sql`${table.status} IN (0, 1)`),
    check('pujas_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** A monastery offering a puja at its own price: the spec's "pivot". */
export const monasteryPujas = pgTable(
  'monastery_pujas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'restrict' }),
    pujaId: integer('puja_id')
      .notNull()
      .references(() => pujas.id, { onDelete: 'restrict' }),
    /** Integer paisa (docs/design.md: money). */
    costPaisa: integer('cost_paisa').notNull(),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('monastery_pujas_pairing_unique').on(table.monasteryId, table.pujaId),
    index('monastery_pujas_puja_id_index').on(table.pujaId),
    check('monastery_pujas_cost_check', sql`${table.costPaisa} >= 0`),
  ],
);
