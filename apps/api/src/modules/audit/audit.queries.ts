import type { AuditSubject } from '@puja/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { auditEntries, users } from '../../db/schema/index.ts';

/** Takes a transaction, never the bare database: an entry is only written together with its change. */
export async function insertAuditEntry(
  tx: Transaction,
  values: typeof auditEntries.$inferInsert,
): Promise<void> {
  await tx.insert(auditEntries).values(values);
}

/** Newest first, optionally one kind of subject, only entries older than `before` (keyset paging). */
export function listAuditEntries(
  db: Executor,
  options: { subject?: AuditSubject | undefined; before?: number | undefined; limit: number },
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
        options.subject ? eq(auditEntries.subjectType, options.subject) : undefined,
        options.before ? lt(auditEntries.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(auditEntries.id))
    .limit(options.limit);
}
