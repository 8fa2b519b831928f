import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orderNames, orders, pujas, users } from '../../db/schema/index.ts';

/** The orders a run sheet lists: the ones the monastery will perform or has performed. */
const ON_THE_RUN_SHEET = ['approved', 'completed'] as const;

/**
 * A monastery's orders of one day for its run sheet: timed pujas first, earliest first, then by puja, each
 * puja's orders oldest first; at most `limit` of them, with how many there are in all.
 */
export async function listRunSheetOrders(db: Executor, monasteryId: number, day: string, limit: number) {
  const where = and(
    eq(orders.monasteryId, monasteryId),
    eq(orders.pujaDate, day),
    inArray(orders.status, ON_THE_RUN_SHEET),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        intention: orders.intention,
        planId: orders.planId,
        planOccurrence: orders.planOccurrence,
        time: orders.pujaTime,
        patron: users.name,
        puja: { id: pujas.id, name: pujas.name },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
      .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
      .where(where)
      .orderBy(
        sql`${orders.pujaTime} ASC NULLS LAST`,
        asc(pujas.name),
        asc(pujas.id),
        asc(orders.createdAt),
        asc(orders.id),
      )
      .limit(limit),
    db.$count(orders, where),
  ]);
  return { rows, total };
}

/** A name with what deciding on its tick needs: its order's monastery, state and day. */
export async function findNameWithOrder(db: Executor, nameId: number) {
  const [row] = await db
    .select({
      id: orderNames.id,
      readAt: orderNames.readAt,
      order: {
        id: orders.id,
        monasteryId: orders.monasteryId,
        status: orders.status,
        pujaDate: orders.pujaDate,
      },
    })
    .from(orderNames)
    .innerJoin(orders, eq(orders.id, orderNames.orderId))
    .where(eq(orderNames.id, nameId))
    .limit(1);
  return row;
}

/** Ticks a name unless it is ticked already: answers whether this call ticked it. */
export async function markNameRead(tx: Transaction, nameId: number, staffId: number, at: Date) {
  const updated = await tx
    .update(orderNames)
    .set({ readAt: at, readBy: staffId })
    .where(and(eq(orderNames.id, nameId), isNull(orderNames.readAt)))
    .returning({ id: orderNames.id });
  return updated.length > 0;
}

/** Takes a tick back if it is still the one that was read (`readAt`): answers whether this call did. */
export async function unmarkNameRead(tx: Transaction, nameId: number, readAt: Date) {
  const updated = await tx
    .update(orderNames)
    .set({ readAt: null, readBy: null })
    .where(and(eq(orderNames.id, nameId), eq(orderNames.readAt, readAt)))
    .returning({ id: orderNames.id });
  return updated.length > 0;
}

export async function findMonasteryName(db: Executor, monasteryId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: monasteries.name })
    .from(monasteries)
    .where(eq(monasteries.id, monasteryId))
    .limit(1);
  return row?.name;
}
