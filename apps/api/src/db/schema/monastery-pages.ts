import { MONASTERY_PAGE_PROPOSAL_STATUSES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { monasteries } from './catalogue.ts';
import { createdAt, descriptionTranslations, inList, notBlank } from './columns.ts';
import { users } from './users.ts';

/**
 * A change a monastery's staff made to its own page, waiting for an administrator (docs/decisions/046):
 * the whole page as proposed (description, cover, gallery, address, contacts), and the monastery's version
 * it was made from. One pending proposal per monastery: a newer one replaces it. Approving copies it onto
 * the monastery's row; the public pages only ever read that row.
 */
export const monasteryPageProposals = pgTable(
  'monastery_page_proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monasteryId: integer('monastery_id')
      .notNull()
      .references(() => monasteries.id, { onDelete: 'cascade' }),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The monastery's version the staff member saw: approving it after another change is refused. */
    baseVersion: integer('base_version').notNull(),
    description: text('description').notNull(),
    ...descriptionTranslations(),
    imagePath: text('image_path'),
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    address: text('address'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    status: text('status', { enum: MONASTERY_PAGE_PROPOSAL_STATUSES }).notNull().default('pending'),
    /** A rejection's reason, which the staff read. */
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('monastery_page_proposals_one_pending')
      .on(table.monasteryId)
      .where(sql`${table.status} = 'pending'`),
    index('monastery_page_proposals_monastery_index').on(table.monasteryId, table.id),
    check(
      'monastery_page_proposals_status_check',
      sql`${table.status} IN (${inList(MONASTERY_PAGE_PROPOSAL_STATUSES)})`,
    ),
    check(
      'monastery_page_proposals_translations_not_blank',
      notBlank([table.descriptionNe, table.descriptionZhHant]),
    ),
  ],
);
