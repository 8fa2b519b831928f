import { AUDIT_ACTIONS, AUDIT_SUBJECTS, ROLES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per administrator or staff write, inserted in the same transaction as the write itself, so an
 * entry exists exactly when its change was committed (docs/decisions/008). Rows are only ever inserted.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Restrict: a person with entries is archived instead of deleted, so "who" always resolves. */
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The role the actor acted in, kept as it was: a later change of role does not rewrite history. */
    actorRole: text('actor_role', { enum: ROLES }).notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    subjectType: text('subject_type', { enum: AUDIT_SUBJECTS }).notNull(),
    /** No foreign key: the subject may since have been deleted, and its entries must stay. */
    subjectId: integer('subject_id').notNull(),
    /** The fields the write changed, as they were and as they became (API names; never secrets). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    // Keyset paging newest first, over everything or over one kind of subject.
    index('audit_entries_subject_type_id_index').on(table.subjectType, table.id.desc()),
    index('audit_entries_actor_id_index').on(table.actorId),
    check('audit_entries_actor_role_check', sql`${table.actorRole} IN (${inList(ROLES)})`),
    check('audit_entries_action_check', sql`${table.action} IN (${inList(AUDIT_ACTIONS)})`),
    check('audit_entries_subject_type_check', sql`${table.subjectType} IN (${inList(AUDIT_SUBJECTS)})`),
  ],
);
