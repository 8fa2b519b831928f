import type { AuditAction, AuditSubject } from '@puja/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { auditEntries, users } from '../../db/schema/index.ts';

/** Takes a transaction, never the bare database: an entry is only written together with its change. */
export async function insertAuditEntry(
  tx: Transaction,
  values: typeof auditEntries.$inferInsert,
): Promise<void> {
  await tx.insert(auditEntries).values(values);
}

/** What the log is narrowed to; `from` and `to` are moments already (start of a day, start of the next). */
export interface AuditEntryFilters {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  subject?: AuditSubject | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * Newest first, narrowed by the filters, only entries older than `before` (keyset paging). The actor is
 * matched with strpos rather than LIKE: what was typed is looked for as it is, with no wildcard to escape.
 */
export function listAuditEntries(
  db: Executor,
  options: AuditEntryFilters & { before?: number | undefined; limit: number },
) {
  return db
    .select({
      entry: auditEntries,
      actorName: users.name,
    })
    .from(auditEntries)
    .innerJoin(users, eq(users.id, auditEntries.actorId))
    .where(
      and(
        options.actor
          ? sql`strpos(lower(${users.name} || ' ' || coalesce(${users.email}, '')), lower(${options.actor})) > 0`
          : undefined,
        options.action ? eq(auditEntries.action, options.action) : undefined,
        options.subject ? eq(auditEntries.subjectType, options.subject) : undefined,
        options.from ? gte(auditEntries.createdAt, options.from) : undefined,
        options.to ? lt(auditEntries.createdAt, options.to) : undefined,
        options.before ? lt(auditEntries.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(auditEntries.id))
    .limit(options.limit);
}
