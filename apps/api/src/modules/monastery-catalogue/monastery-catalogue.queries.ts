import { and, asc, count, eq, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Database, Executor, RowLock, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, pujas } from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';

/**
 * SQL for a monastery's offerings (the monastery with a puja at its price) and its special
 * pujas. The writes take the transaction their service opened, so each change commits with its audit entry.
 */

type PivotRow = typeof monasteryPujas.$inferSelect;
type PujaRow = typeof pujas.$inferSelect;
export type OfferedPujaRow = { pivot: PivotRow; puja: PujaRow };
/** An offering's price and how it is priced (docs/decisions/054). */
export type OfferingPrice = Pick<
  typeof monasteryPujas.$inferInsert,
  | 'costPaisa'
  | 'pricing'
  | 'unitNames'
  | 'quantities'
  | 'minQuantity'
  | 'maxQuantity'
  | 'planKinds'
  | 'planSchedule'
  | 'planPayEach'
>;
type Offering = { monasteryId: number; pujaId: number } & OfferingPrice;

/** The monastery's current offerings, open or closed, its special pujas included. */
export function listOfferingsOfMonastery(db: Database, monasteryId: number): Promise<OfferedPujaRow[]> {
  return db
    .select({ pivot: monasteryPujas, puja: pujas })
    .from(monasteryPujas)
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(
      and(
        eq(monasteryPujas.monasteryId, monasteryId),
        isNull(monasteryPujas.archivedAt),
        isNull(pujas.archivedAt),
      ),
    )
    .orderBy(asc(pujas.name));
}

/** Open catalogue pujas the monastery does not offer (an archived offering counts as not offered). */
export function listCataloguePujasNotOffered(db: Database, monasteryId: number) {
  return db
    .select()
    .from(pujas)
    .where(
      and(
        isNull(pujas.monasteryId),
        eq(pujas.status, 1),
        isNull(pujas.archivedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(monasteryPujas)
            .where(
              and(
                eq(monasteryPujas.pujaId, pujas.id),
                eq(monasteryPujas.monasteryId, monasteryId),
                isNull(monasteryPujas.archivedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(pujas.name));
}

/**
 * A current offering with its puja. Inside a transaction, `lock` holds the offering until commit, and the
 * puja row too only when `lockPuja` says so: a catalogue puja is shared by every monastery, and locking it
 * would queue them all behind one another (and deadlock with an administrator deleting that puja).
 */
export async function findOffering(
  db: Executor,
  pivotId: number,
  lock?: { strength: RowLock; lockPuja?: boolean },
): Promise<OfferedPujaRow | undefined> {
  const query = db
    .select({ pivot: monasteryPujas, puja: pujas })
    .from(monasteryPujas)
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(and(eq(monasteryPujas.id, pivotId), isNull(monasteryPujas.archivedAt)))
    .limit(1);
  const [row] = lock
    ? await query.for(lock.strength, { of: lock.lockPuja ? [monasteryPujas, pujas] : monasteryPujas })
    : await query;
  return row;
}

/** The monastery's offering with a puja, current or archived (adding it again revives an archived one). */
export async function findOfferingOfPuja(db: Executor, monasteryId: number, pujaId: number, lock?: RowLock) {
  const query = db
    .select()
    .from(monasteryPujas)
    .where(and(eq(monasteryPujas.monasteryId, monasteryId), eq(monasteryPujas.pujaId, pujaId)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function findPuja(db: Database, pujaId: number) {
  const [row] = await db.select().from(pujas).where(eq(pujas.id, pujaId)).limit(1);
  return row;
}

/**
 * Offers a puja at a price. A offering removed earlier (archived because it had orders) comes back with the
 * new price; a current one is left as it is, and then nothing is answered.
 */
export async function offerPuja(tx: Transaction, offering: Offering): Promise<PivotRow | undefined> {
  const [row] = await tx
    .insert(monasteryPujas)
    .values(offering)
    .onConflictDoUpdate({
      target: [monasteryPujas.monasteryId, monasteryPujas.pujaId],
      set: {
        costPaisa: offering.costPaisa,
        pricing: offering.pricing,
        unitNames: offering.unitNames,
        quantities: offering.quantities,
        minQuantity: offering.minQuantity,
        maxQuantity: offering.maxQuantity,
        planKinds: offering.planKinds,
        planSchedule: offering.planSchedule,
        planPayEach: offering.planPayEach,
        archivedAt: null,
      },
      setWhere: sql`${monasteryPujas.archivedAt} IS NOT NULL`,
    })
    .returning();
  return row;
}

export async function insertOffering(tx: Transaction, offering: Offering): Promise<PivotRow> {
  const [row] = await tx.insert(monasteryPujas).values(offering).returning();
  return row!;
}

export async function setOfferingPrice(
  tx: Transaction,
  pivotId: number,
  price: OfferingPrice,
): Promise<PivotRow> {
  const [row] = await tx.update(monasteryPujas).set(price).where(eq(monasteryPujas.id, pivotId)).returning();
  return row!;
}

export async function countOrdersOfOffering(tx: Transaction, pivotId: number): Promise<number> {
  const [{ ordersCount } = { ordersCount: 0 }] = await tx
    .select({ ordersCount: count() })
    .from(orders)
    .where(eq(orders.monasteryPujaId, pivotId));
  return ordersCount;
}

export async function archiveOffering(tx: Transaction, pivotId: number, archivedAt: Date): Promise<void> {
  await tx.update(monasteryPujas).set({ archivedAt }).where(eq(monasteryPujas.id, pivotId));
}

export async function deleteOffering(tx: Transaction, pivotId: number): Promise<void> {
  await tx.delete(monasteryPujas).where(eq(monasteryPujas.id, pivotId));
}

export async function archiveSpecialPuja(tx: Transaction, pujaId: number, archivedAt: Date): Promise<void> {
  await tx.update(pujas).set({ archivedAt }).where(eq(pujas.id, pujaId));
}

/** Deletes a special puja, only ever the given monastery's own. */
export async function deleteSpecialPuja(tx: Transaction, pujaId: number, monasteryId: number): Promise<void> {
  await tx.delete(pujas).where(and(eq(pujas.id, pujaId), eq(pujas.monasteryId, monasteryId)));
}

/** A puja's texts in every language (docs/decisions/049). */
type PujaTexts = 'name' | 'description' | 'nameNe' | 'nameZhHant' | 'descriptionNe' | 'descriptionZhHant';

export async function insertSpecialPuja(
  tx: Transaction,
  values: Pick<typeof pujas.$inferInsert, PujaTexts | 'slug' | 'status' | 'imagePath'> & {
    monasteryId: number;
  },
): Promise<PujaRow> {
  const [row] = await tx.insert(pujas).values(values).returning();
  return row!;
}

export async function updateSpecialPujaRow(
  tx: Transaction,
  pujaId: number,
  changes: Pick<typeof pujas.$inferInsert, PujaTexts | 'status' | 'imagePath'>,
): Promise<PujaRow> {
  const [row] = await tx
    .update(pujas)
    .set({ ...changes, version: nextVersion(pujas.version) })
    .where(eq(pujas.id, pujaId))
    .returning();
  return row!;
}

/**
 * A puja the monastery offers now (a catalogue puja or its own special one) with this name, any case,
 * other than `exceptPujaId`: one monastery's pujas have different names (docs/product.md#catalogue-names).
 */
export async function findOfferedPujaNamed(
  db: Executor,
  monasteryId: number,
  name: string,
  exceptPujaId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: pujas.id, name: pujas.name })
    .from(monasteryPujas)
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(
      and(
        eq(monasteryPujas.monasteryId, monasteryId),
        isNull(monasteryPujas.archivedAt),
        isNull(pujas.archivedAt),
        sql`lower(${pujas.name}) = lower(${name})`,
        exceptPujaId === undefined ? undefined : ne(pujas.id, exceptPujaId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Holds the monastery's row until the transaction ends, so two changes to its list of pujas (two staff
 * members adding pujas of one name) take turns and the second sees the first. Orders are not held up:
 * they only take a key-share lock on the row.
 */
export async function lockMonasteryForPujaNames(tx: Transaction, monasteryId: number): Promise<void> {
  await tx
    .select({ id: monasteries.id })
    .from(monasteries)
    .where(eq(monasteries.id, monasteryId))
    .for('no key update');
}
