import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { paymentLinks } from '../../db/schema/index.ts';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** A live (not withdrawn) link by its token's hash. */
export async function findLiveLink(db: Executor, tokenHash: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tokenHash, tokenHash), isNull(paymentLinks.withdrawnAt)))
    .limit(1);
  return row;
}

/** Withdraws the order's live link, if it has one; says whether it had. */
export async function withdrawLiveLink(db: Executor, orderId: number): Promise<boolean> {
  const rows = await db
    .update(paymentLinks)
    .set({ withdrawnAt: new Date(), updatedAt: new Date() })
    .where(and(eq(paymentLinks.orderId, orderId), isNull(paymentLinks.withdrawnAt)))
    .returning({ id: paymentLinks.id });
  return rows.length > 0;
}

export async function insertLink(
  tx: Transaction,
  values: { orderId: number; tokenHash: string; showsNames: boolean },
): Promise<PaymentLinkRow> {
  const [row] = await tx.insert(paymentLinks).values(values).returning();
  return row!;
}

/** The live links of these orders (at most one each: a unique index). */
export async function listLiveLinksOfOrders(db: Executor, orderIds: number[]): Promise<PaymentLinkRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(paymentLinks)
    .where(and(inArray(paymentLinks.orderId, orderIds), isNull(paymentLinks.withdrawnAt)));
}
