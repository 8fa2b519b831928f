import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orderGifts, orders, pujas, users } from '../../db/schema/index.ts';

/** SQL of gifts: orders dedicated to someone else (docs/decisions/054). */

export type GiftRow = typeof orderGifts.$inferSelect;

export async function insertGift(tx: Transaction, gift: typeof orderGifts.$inferInsert): Promise<void> {
  await tx.insert(orderGifts).values(gift);
}

export async function listGiftsOfOrders(db: Executor, orderIds: number[]): Promise<GiftRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderGifts).where(inArray(orderGifts.orderId, orderIds));
}

/** What a gift's notice and page say of its order. */
const giftOrderColumns = {
  gift: orderGifts,
  order: {
    id: orders.id,
    status: orders.status,
    pujaDate: orders.pujaDate,
    pujaTime: orders.pujaTime,
    quantity: orders.quantity,
    unitNames: orders.unitNames,
  },
  patronName: users.name,
  puja: pujas.name,
  monastery: monasteries.name,
};

function selectGiftOrders(db: Executor) {
  return db
    .select(giftOrderColumns)
    .from(orderGifts)
    .innerJoin(orders, eq(orders.id, orderGifts.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .innerJoin(monasteries, eq(monasteries.id, orders.monasteryId));
}

/**
 * The gifts whose day has come (Nepal) and whose order is paid and still to be (or already) performed,
 * not yet told, after `afterId`, at most `limit`: an unpaid order may expire, and its recipient would be
 * told of a puja that never happens.
 */
export function listGiftsToTell(db: Executor, today: string, afterId: number, limit: number) {
  return selectGiftOrders(db)
    .where(
      and(
        isNull(orderGifts.toldAt),
        lte(orderGifts.tellOn, today),
        gt(orderGifts.orderId, afterId),
        eq(orders.paymentStatus, 'Completed'),
        inArray(orders.status, ['pending', 'approved', 'completed']),
      ),
    )
    .orderBy(asc(orderGifts.orderId))
    .limit(limit);
}

export type GiftOrderRow = Awaited<ReturnType<typeof listGiftsToTell>>[number];

/**
 * Marks a gift told with its link's hash, only if it was not: false when another run told it first (the
 * caller then queues nothing).
 */
export async function markGiftTold(tx: Transaction, orderId: number, linkHash: string): Promise<boolean> {
  const told = await tx
    .update(orderGifts)
    .set({ toldAt: sql`now()`, linkHash })
    .where(and(eq(orderGifts.orderId, orderId), isNull(orderGifts.toldAt)))
    .returning({ orderId: orderGifts.orderId });
  return told.length > 0;
}

export async function findGiftOrder(db: Executor, orderId: number): Promise<GiftOrderRow | undefined> {
  const [row] = await selectGiftOrders(db).where(eq(orderGifts.orderId, orderId)).limit(1);
  return row;
}

export async function findGiftOrderByLink(db: Executor, linkHash: string): Promise<GiftOrderRow | undefined> {
  const [row] = await selectGiftOrders(db).where(eq(orderGifts.linkHash, linkHash)).limit(1);
  return row;
}
