import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  messages,
  monasteries,
  monasteryPujas,
  orderImages,
  orders,
  pujas,
  users,
} from '../../db/schema/index.ts';

/** An offering a patron may order now: both sides open and unarchived, the pairing current. */
export async function findOrderableOffering(db: Database, monasteryId: number, pujaId: number) {
  const [row] = await db
    .select({
      pivotId: monasteryPujas.id,
      costPaisa: monasteryPujas.costPaisa,
      monasteryId: monasteryPujas.monasteryId,
    })
    .from(monasteryPujas)
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(
      and(
        eq(monasteryPujas.monasteryId, monasteryId),
        eq(monasteryPujas.pujaId, pujaId),
        isNull(monasteryPujas.archivedAt),
        eq(monasteries.status, 1),
        isNull(monasteries.archivedAt),
        eq(pujas.status, 1),
        isNull(pujas.archivedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts an order unless this user already sent one with the same idempotency key; returns its id. */
export async function insertOrderOnce(db: Database, values: typeof orders.$inferInsert): Promise<number> {
  const [inserted] = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, values.userId), eq(orders.idempotencyKey, values.idempotencyKey!)))
    .limit(1);
  return existing!.id;
}

const orderColumns = {
  order: orders,
  user: { name: users.name, email: users.email, phone: users.phone },
  monastery: { id: monasteries.id, name: monasteries.name, slug: monasteries.slug },
  puja: { id: pujas.id, name: pujas.name },
};
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** Orders with what their pages show (patron, monastery, puja), newest first. */
export function selectOrders(db: Executor, where: SQL | undefined) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function findOrderById(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db, eq(orders.id, orderId));
  return row;
}

export function listMessagesOfOrder(db: Database, orderId: number) {
  return db
    .select({ body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(messages.createdAt, messages.id);
}

export function listImagesOfOrder(db: Database, orderId: number) {
  return db
    .select({ id: orderImages.id })
    .from(orderImages)
    .where(eq(orderImages.orderId, orderId))
    .orderBy(orderImages.createdAt, orderImages.id);
}

export async function findOrderImage(db: Database, imageId: number) {
  const [row] = await db.select().from(orderImages).where(eq(orderImages.id, imageId)).limit(1);
  return row;
}
