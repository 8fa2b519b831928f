import {
  type AuditAction,
  type AuditSubject,
  STALE_VERSION_MESSAGE,
  type StaleVersion,
} from '@puja/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { auditEntries, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/**
 * No lost edits (docs/decisions/040), one mechanism for every editable record: each row has an integer
 * `version`; a save reads the row under its lock, refuses a save made from another version with
 * `StaleVersionError` (409, who saved since and when), and raises the version by one with `nextVersion`.
 */
export class StaleVersionError extends AppError {
  constructor(readonly stale: StaleVersion) {
    super('conflict', STALE_VERSION_MESSAGE);
  }
}

/** The `SET` value that raises a row's version by one. */
export const nextVersion = (column: AnyPgColumn) => sql`${column} + 1`;

/**
 * Refuses a save made from `sent` when the row, read under its lock, is at another version. Who saved it
 * since is the newest audit entry about it (every staff and administrator write has one); a change the
 * system made (none yet raises a version) would name nobody. A save that sent no version is not checked.
 */
export async function refuseStaleVersion(
  executor: Executor,
  row: { version: number; updatedAt: Date },
  sent: number | undefined,
  /** The audit entries that record this record's saves (`actions`: when its subject has others too). */
  subject: { type: AuditSubject; id: number; actions?: readonly AuditAction[] },
): Promise<void> {
  if (sent === undefined || sent === row.version) return;
  const [last] = await executor
    .select({ name: users.name, email: users.email })
    .from(auditEntries)
    .innerJoin(users, eq(users.id, auditEntries.actorId))
    .where(
      and(
        eq(auditEntries.subjectType, subject.type),
        eq(auditEntries.subjectId, subject.id),
        subject.actions ? inArray(auditEntries.action, [...subject.actions]) : undefined,
        // The entry of the save that made this version, written in its transaction; an older entry
        // would name someone else (a change the audit log does not record: the person's own details).
        gte(auditEntries.createdAt, new Date(row.updatedAt.getTime() - 60_000)),
      ),
    )
    .orderBy(desc(auditEntries.id))
    .limit(1);
  throw new StaleVersionError({
    version: row.version,
    changed_by: last ? last.name || last.email || null : null,
    changed_at: row.updatedAt.toISOString(),
  });
}
