import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, RowLock, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, pujas, users } from '../../db/schema/index.ts';

/**
 * SQL for an administrator's changes to the catalogue: monasteries and catalogue pujas (a monastery's own
 * special pujas are its staff's, in `monastery-catalogue.queries.ts`). The writes take the transaction
 * their service opened, so each change commits with its audit entry.
 */

type MonasteryRow = typeof monasteries.$inferSelect;
type PujaRow = typeof pujas.$inferSelect;
type NewItem = Pick<
  typeof monasteries.$inferInsert,
  'slug' | 'name' | 'description' | 'status' | 'imagePath'
>;
type ItemChanges = Pick<NewItem, 'name' | 'description' | 'status' | 'imagePath'>;

/** A monastery that is not archived. Inside a write's transaction, `lock` holds it until commit. */
export async function findCurrentMonastery(
  db: Executor,
  id: number,
  lock?: RowLock,
): Promise<MonasteryRow | undefined> {
  const query = db
    .select()
    .from(monasteries)
    .where(and(eq(monasteries.id, id), isNull(monasteries.archivedAt)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** A catalogue puja (not a monastery's special one) that is not archived; `lock` as above. */
export async function findCurrentCataloguePuja(
  db: Executor,
  id: number,
  lock?: RowLock,
): Promise<PujaRow | undefined> {
  const query = db
    .select()
    .from(pujas)
    .where(and(eq(pujas.id, id), isNull(pujas.archivedAt), isNull(pujas.monasteryId)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function insertMonastery(tx: Transaction, values: NewItem): Promise<MonasteryRow> {
  const [row] = await tx.insert(monasteries).values(values).returning();
  return row!;
}

export async function updateMonasteryRow(
  tx: Transaction,
  id: number,
  changes: ItemChanges,
): Promise<MonasteryRow> {
  const [row] = await tx.update(monasteries).set(changes).where(eq(monasteries.id, id)).returning();
  return row!;
}

/** What refers to a monastery and so keeps it from being deleted: its orders and its staff accounts. */
export async function countMonasteryReferences(
  tx: Transaction,
  monasteryId: number,
): Promise<{ ordersCount: number; staffCount: number }> {
  const [{ ordersCount } = { ordersCount: 0 }] = await tx
    .select({ ordersCount: count() })
    .from(orders)
    .where(eq(orders.monasteryId, monasteryId));
  const [{ staffCount } = { staffCount: 0 }] = await tx
    .select({ staffCount: count() })
    .from(users)
    .where(eq(users.monasteryId, monasteryId));
  return { ordersCount, staffCount };
}

/** Archives a monastery with its current offerings and its special pujas. */
export async function archiveMonasteryAndOfferings(
  tx: Transaction,
  monasteryId: number,
  archivedAt: Date,
): Promise<void> {
  await tx.update(monasteries).set({ archivedAt }).where(eq(monasteries.id, monasteryId));
  await tx
    .update(monasteryPujas)
    .set({ archivedAt })
    .where(and(eq(monasteryPujas.monasteryId, monasteryId), isNull(monasteryPujas.archivedAt)));
  await tx
    .update(pujas)
    .set({ archivedAt })
    .where(and(eq(pujas.monasteryId, monasteryId), isNull(pujas.archivedAt)));
}

/** Deletes a monastery with its offerings and its special pujas. */
export async function deleteMonasteryAndOfferings(tx: Transaction, monasteryId: number): Promise<void> {
  await tx.delete(monasteryPujas).where(eq(monasteryPujas.monasteryId, monasteryId));
  await tx.delete(pujas).where(eq(pujas.monasteryId, monasteryId));
  await tx.delete(monasteries).where(eq(monasteries.id, monasteryId));
}

export async function insertCataloguePuja(tx: Transaction, values: NewItem): Promise<PujaRow> {
  const [row] = await tx.insert(pujas).values(values).returning();
  return row!;
}

export async function updateCataloguePujaRow(
  tx: Transaction,
  id: number,
  changes: ItemChanges,
): Promise<PujaRow> {
  const [row] = await tx.update(pujas).set(changes).where(eq(pujas.id, id)).returning();
  return row!;
}

/** The orders placed through any monastery's offering of a puja. */
export async function countOrdersOfPuja(tx: Transaction, pujaId: number): Promise<number> {
  const pairings = await tx
    .select({ id: monasteryPujas.id })
    .from(monasteryPujas)
    .where(eq(monasteryPujas.pujaId, pujaId));
  const pairingIds = pairings.map((pairing) => pairing.id);
  if (pairingIds.length === 0) return 0;
  const [{ ordersCount } = { ordersCount: 0 }] = await tx
    .select({ ordersCount: count() })
    .from(orders)
    .where(inArray(orders.monasteryPujaId, pairingIds));
  return ordersCount;
}

/** Archives a catalogue puja with every monastery's current offering of it. */
export async function archiveCataloguePujaAndOfferings(
  tx: Transaction,
  pujaId: number,
  archivedAt: Date,
): Promise<void> {
  await tx.update(pujas).set({ archivedAt }).where(eq(pujas.id, pujaId));
  await tx
    .update(monasteryPujas)
    .set({ archivedAt })
    .where(and(eq(monasteryPujas.pujaId, pujaId), isNull(monasteryPujas.archivedAt)));
}

/** Deletes a catalogue puja with every monastery's offering of it. */
export async function deleteCataloguePujaAndOfferings(tx: Transaction, pujaId: number): Promise<void> {
  await tx.delete(monasteryPujas).where(eq(monasteryPujas.pujaId, pujaId));
  await tx.delete(pujas).where(eq(pujas.id, pujaId));
}
