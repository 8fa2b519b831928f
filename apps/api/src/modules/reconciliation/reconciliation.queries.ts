import { desc, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerReconciliations, type StoredLedgerDifference } from '../../db/schema/index.ts';

export type ReconciliationRow = typeof ledgerReconciliations.$inferSelect;

export async function insertReconciliation(
  db: Executor,
  row: { checkedAt: Date; differenceCount: number; differences: StoredLedgerDifference[] },
): Promise<ReconciliationRow> {
  const [inserted] = await db.insert(ledgerReconciliations).values(row).returning();
  return inserted!;
}

/** The newest run, or nothing before the first. */
export async function selectLatestReconciliation(db: Executor): Promise<ReconciliationRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerReconciliations)
    .orderBy(desc(ledgerReconciliations.checkedAt), desc(ledgerReconciliations.id))
    .limit(1);
  return row;
}

export async function deleteReconciliationsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(ledgerReconciliations).where(lt(ledgerReconciliations.checkedAt, before));
}
