import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
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
    userId: orders.userId,
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
export async function markGiftTold(
  tx: Transaction,
  orderId: number,
  today: string,
  linkHash: string,
): Promise<GiftRow | undefined> {
  // The gift as it is when marked, not as it was listed: a patron who changed the number or the day (or
  // withdrew the gift) in between is honoured, since the update reads the row again once it is free
  // (docs/decisions/059). A day moved later leaves the gift for that day.
  const [told] = await tx
    .update(orderGifts)
    .set({ toldAt: sql`now()`, linkHash })
    .where(and(eq(orderGifts.orderId, orderId), isNull(orderGifts.toldAt), lte(orderGifts.tellOn, today)))
    .returning();
  return told;
}

/** An order's patron and state, with its gift if it has one: undefined when there is no such order. */
export async function findOrderWithGift(db: Executor, orderId: number) {
  const [row] = await db
    .select({ userId: orders.userId, status: orders.status, gift: orderGifts })
    .from(orders)
    .leftJoin(orderGifts, eq(orderGifts.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** What a patron may change of a gift: everything before it is told (`untold`), else what its page shows. */
export type GiftChange = Partial<
  Pick<
    GiftRow,
    | 'recipientName'
    | 'recipientEmail'
    | 'recipientPhone'
    | 'recipientLanguage'
    | 'tellOn'
    | 'message'
    | 'showPatron'
  >
>;

/**
 * Changes a gift, only while it is as the patron found it: not yet told when `untold` (the telling job's
 * guarded update and this one take the row in turn, so one of them sees the other's work), told when not.
 * Undefined when the gift changed state (told, or withdrawn) meanwhile.
 */
export async function updateGift(
  tx: Transaction,
  orderId: number,
  untold: boolean,
  change: GiftChange,
): Promise<GiftRow | undefined> {
  const [row] = await tx
    .update(orderGifts)
    .set(change)
    .where(
      and(eq(orderGifts.orderId, orderId), untold ? isNull(orderGifts.toldAt) : isNotNull(orderGifts.toldAt)),
    )
    .returning();
  return row;
}

/** Withdraws a gift not yet told: false when it was told (or withdrawn) first. */
export async function deleteUntoldGift(tx: Transaction, orderId: number): Promise<boolean> {
  const deleted = await tx
    .delete(orderGifts)
    .where(and(eq(orderGifts.orderId, orderId), isNull(orderGifts.toldAt)))
    .returning({ orderId: orderGifts.orderId });
  return deleted.length > 0;
}

export async function findGiftOrder(db: Executor, orderId: number): Promise<GiftOrderRow | undefined> {
  const [row] = await selectGiftOrders(db).where(eq(orderGifts.orderId, orderId)).limit(1);
  return row;
}

export async function findGiftOrderByLink(db: Executor, linkHash: string): Promise<GiftOrderRow | undefined> {
  const [row] = await selectGiftOrders(db).where(eq(orderGifts.linkHash, linkHash)).limit(1);
  return row;
}
