import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { dedicationPlans, orders } from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';
import { selectOrders } from '../orders/orders.shared-queries.ts';

export type PlanRow = typeof dedicationPlans.$inferSelect;

/**
 * Inserts a plan unless this patron already sent it (the same idempotency key): answers the new row, or
 * the id of the plan sent before.
 */
export async function insertPlanOnce(
  tx: Transaction,
  values: typeof dedicationPlans.$inferInsert,
): Promise<{ inserted: PlanRow } | { existingId: number }> {
  const [inserted] = await tx
    .insert(dedicationPlans)
    .values(values)
    .onConflictDoNothing({ target: [dedicationPlans.userId, dedicationPlans.idempotencyKey] })
    .returning();
  if (inserted) return { inserted };
  const [existing] = await tx
    .select({ id: dedicationPlans.id })
    .from(dedicationPlans)
    .where(
      and(
        eq(dedicationPlans.userId, values.userId),
        eq(dedicationPlans.idempotencyKey, values.idempotencyKey),
      ),
    );
  return { existingId: existing!.id };
}

export async function findPlan(db: Executor, planId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(dedicationPlans).where(eq(dedicationPlans.id, planId));
  return row;
}

/** A patron's plans, newest first, at most `limit`. */
export function listPlansOfUser(db: Executor, userId: number, limit: number) {
  return db
    .select()
    .from(dedicationPlans)
    .where(eq(dedicationPlans.userId, userId))
    .orderBy(desc(dedicationPlans.id))
    .limit(limit);
}

/** The occurrences of these plans, as orders, each plan's in its order. */
export function listOrdersOfPlans(db: Executor, planIds: number[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return selectOrders(db, inArray(orders.planId, planIds), [asc(orders.planId), asc(orders.planOccurrence)]);
}

/**
 * Sets (or, with null, clears) the departed's photo of a plan and answers the key it replaces, under the
 * plan's row lock, so two uploads at once each learn which file they replaced. A photo is not set on a plan
 * whose departed is gone meanwhile (its account deleted): `noDeparted`, nothing changed.
 */
export async function replaceDepartedPhoto(
  tx: Transaction,
  planId: number,
  key: string | null,
): Promise<{ previous: string | null } | 'noDeparted' | undefined> {
  const [locked] = await tx
    .select({ key: dedicationPlans.departedPhotoKey, name: dedicationPlans.departedName })
    .from(dedicationPlans)
    .where(eq(dedicationPlans.id, planId))
    .for('update');
  if (!locked) return undefined;
  if (key !== null && locked.name === null) return 'noDeparted';
  await tx.update(dedicationPlans).set({ departedPhotoKey: key }).where(eq(dedicationPlans.id, planId));
  return { previous: locked.key };
}

/** A plan's departed's photo's storage key, if it has one. */
export async function findDepartedPhotoKey(db: Executor, planId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: dedicationPlans.departedPhotoKey })
    .from(dedicationPlans)
    .where(eq(dedicationPlans.id, planId));
  return row?.key ?? null;
}

/**
 * A deleted account's plans lose who they were for (docs/decisions/060): the departed's name and photo
 * go, as the names on its orders do; the date of death stays, as the 49 days' plan needs it. Answers
 * the photos' keys, for their files to be removed once this has committed.
 */
export async function removeDepartedOfUser(tx: Transaction, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: dedicationPlans.departedPhotoKey })
    .from(dedicationPlans)
    .where(eq(dedicationPlans.userId, userId))
    .for('update');
  await tx
    .update(dedicationPlans)
    .set({ departedName: null, departedPhotoKey: null })
    .where(eq(dedicationPlans.userId, userId));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** The ended plan: once. */
export async function markPlanCancelled(tx: Transaction, planId: number): Promise<boolean> {
  const rows = await tx
    .update(dedicationPlans)
    .set({ cancelledAt: new Date() })
    .where(and(eq(dedicationPlans.id, planId), sql`${dedicationPlans.cancelledAt} IS NULL`))
    .returning({ id: dedicationPlans.id });
  return rows.length > 0;
}

/** What an order shows of the plan it belongs to: its kind, how many occurrences, who it is for. */
export async function listPlanLabels(db: Executor, planIds: number[]) {
  if (planIds.length === 0) return [];
  return db
    .select({
      id: dedicationPlans.id,
      kind: dedicationPlans.kind,
      departedName: dedicationPlans.departedName,
      // Written out whole: inside a select, drizzle names columns without their table.
      occurrences: sql<number>`(SELECT count(*)::int FROM "orders" WHERE "orders"."plan_id" = "dedication_plans"."id")`,
    })
    .from(dedicationPlans)
    .where(inArray(dedicationPlans.id, planIds));
}
export type PlanLabel = Awaited<ReturnType<typeof listPlanLabels>>[number];

/** The plan paused, once; false when it already was, or was ended. */
export async function markPlanPaused(tx: Transaction, planId: number): Promise<boolean> {
  const rows = await tx
    .update(dedicationPlans)
    .set({ pausedAt: new Date() })
    .where(
      and(
        eq(dedicationPlans.id, planId),
        isNull(dedicationPlans.pausedAt),
        isNull(dedicationPlans.cancelledAt),
      ),
    )
    .returning({ id: dedicationPlans.id });
  return rows.length > 0;
}

/** The plan running again, once; false when it was not paused. */
export async function markPlanResumed(tx: Transaction, planId: number): Promise<boolean> {
  const rows = await tx
    .update(dedicationPlans)
    .set({ pausedAt: null })
    .where(and(eq(dedicationPlans.id, planId), isNotNull(dedicationPlans.pausedAt)))
    .returning({ id: dedicationPlans.id });
  return rows.length > 0;
}

/**
 * Pauses the plan's occurrences still pending and unpaid (docs/decisions/058). The condition is in the
 * update, so a payment that settled one a moment before leaves it running; one settling after finds it
 * pending and unpaid, and keeps the money by decision 010's rule.
 */
export async function pauseOccurrences(tx: Transaction, planId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ pausedAt: new Date(), version: nextVersion(orders.version) })
    .where(
      and(
        eq(orders.planId, planId),
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, ['Pending', 'Failed']),
        isNull(orders.pausedAt),
      ),
    );
}

/** A paused occurrence due again by `payBy`. */
export async function resumeOccurrence(tx: Transaction, orderId: number, payBy: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ pausedAt: null, payBy, version: nextVersion(orders.version) })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNotNull(orders.pausedAt)));
}
