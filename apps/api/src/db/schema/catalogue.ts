import {
  OFFERING_PRICINGS,
  PLAN_KINDS,
  PLAN_SCHEDULE_MAX_DAYS,
  type PlanKind,
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
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  archivedAt,
  catalogueTranslations,
  createdAt,
  inList,
  notBlank,
  updatedAt,
  version,
} from './columns.ts';

export const monasteries = pgTable(
  'monasteries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    ...catalogueTranslations(),
    imagePath: text('image_path'),
    /** Where the monastery is, and how patrons reach its office (docs/decisions/046); null until given. */
    address: text('address'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** The gallery's pictures (public paths, as `image_path`), in the order shown; at most MONASTERY_GALLERY_MAX. */
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    /** 1 open, 0 closed (docs/product.md#catalogue-status-and-removal). */
    status: smallint('status').notNull().default(1),
    archivedAt: archivedAt(),
    version: version(),
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
    check(
      'monasteries_translations_not_blank',
      notBlank([table.nameNe, table.nameZhHant, table.descriptionNe, table.descriptionZhHant]),
    ),
  ],
);

export const pujas = pgTable(
  'pujas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    ...catalogueTranslations(),
    imagePath: text('image_path'),
    status: smallint('status').notNull().default(1),
    /** Set for a monastery's own special puja; null for the shared catalogue. */
    monasteryId: integer('monastery_id').references(() => monasteries.id, { onDelete: 'restrict' }),
    archivedAt: archivedAt(),
    version: version(),
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
    check(
      'pujas_translations_not_blank',
      notBlank([table.nameNe, table.nameZhHant, table.descriptionNe, table.descriptionZhHant]),
    ),
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
    /** How many of this puja the monastery performs a day, or null: only the monastery's own limit (docs/decisions/040). */
    dailyCapacity: integer('daily_capacity'),
    /**
     * How the offering is priced (docs/decisions/054): `fixed` (`cost_paisa` is the price), `per_unit`
     * (`cost_paisa` a unit's price, times a quantity among `quantities` or within `min_quantity`–
     * `max_quantity`) or `pay_what_you_can` (`cost_paisa` the least amount).
     */
    pricing: text('pricing', { enum: OFFERING_PRICINGS }).notNull().default('fixed'),
    /** `per_unit`: the unit's name in each language. */
    unitNames: jsonb('unit_names').$type<UnitNames>(),
    quantities: integer('quantities').array(),
    minQuantity: integer('min_quantity'),
    maxQuantity: integer('max_quantity'),
    /** The dedication plans the monastery offers this puja as (docs/decisions/055); none: orders only. */
    planKinds: text('plan_kinds').array().$type<PlanKind[]>().notNull().default(sql`'{}'::text[]`),
    /**
     * Whether a patron may pay the offering's plans occurrence by occurrence (docs/decisions/058) rather
     * than whole; false (every offering until a monastery says so): plans are paid whole.
     */
    planPayEach: boolean('plan_pay_each').notNull().default(false),
    /** The monastery's own days after a death for the 49 days' pujas, or null: the 7th, 14th … 49th. */
    planSchedule: integer('plan_schedule').array(),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('monastery_pujas_pairing_unique').on(table.monasteryId, table.pujaId),
    index('monastery_pujas_puja_id_index').on(table.pujaId),
    check('monastery_pujas_cost_check', sql`${table.costPaisa} >= 0`),
    check('monastery_pujas_daily_capacity_check', sql`${table.dailyCapacity} BETWEEN 1 AND 10000`),
    check('monastery_pujas_pricing_check', sql`${table.pricing} IN (${inList(OFFERING_PRICINGS)})`),
    // A per-unit offering names its unit and says which quantities: a list, or the least and the most.
    check(
      'monastery_pujas_per_unit_check',
      sql`${table.pricing} <> 'per_unit' OR (${table.unitNames} IS NOT NULL AND (${table.quantities} IS NOT NULL OR (${table.minQuantity} BETWEEN 1 AND ${table.maxQuantity})))`,
    ),
    check(
      'monastery_pujas_plan_kinds_check',
      sql`${table.planKinds} <@ ARRAY[${inList(PLAN_KINDS)}]::text[]`,
    ),
    check(
      'monastery_pujas_plan_schedule_check',
      sql`1 <= ALL(${table.planSchedule}) AND ${sql.raw(String(PLAN_SCHEDULE_MAX_DAYS))} >= ALL(${table.planSchedule}) AND cardinality(${table.planSchedule}) BETWEEN 1 AND ${sql.raw(String(PLAN_SCHEDULE_MAX_DAYS))}`,
    ),
  ],
);

/**
 * When a monastery takes orders (docs/decisions/040): how many pujas a day (null: no limit) and the Nepal
 * time of day after which tomorrow's pujas are no longer taken (null: none). One row per monastery, made on
 * its first save; no row means neither.
 */
export const monasteryOrderSettings = pgTable(
  'monastery_order_settings',
  {
    monasteryId: integer('monastery_id')
      .primaryKey()
      .references(() => monasteries.id, { onDelete: 'cascade' }),
    dailyCapacity: integer('daily_capacity'),
    /** `HH:MM`, Nepal time. */
    cutoffTime: text('cutoff_time'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('monastery_order_settings_capacity_check', sql`${table.dailyCapacity} BETWEEN 1 AND 10000`),
    check(
      'monastery_order_settings_cutoff_check',
      sql`${table.cutoffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

/** Days a monastery takes no orders for (a festival, a retreat), with the words patrons are shown. */
export const monasteryClosures = pgTable(
  'monastery_closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'cascade' }),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('monastery_closures_monastery_last_day_index').on(table.monasteryId, table.lastDay),
    check('monastery_closures_days_check', sql`${table.lastDay} >= ${table.firstDay}`),
    check('monastery_closures_message_length', sql`char_length(${table.message}) BETWEEN 1 AND 200`),
  ],
);
