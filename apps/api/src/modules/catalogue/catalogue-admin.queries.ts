import { and, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, RowLock, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, pujas, users } from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';

/**
 * SQL for an administrator's changes to the catalogue: monasteries and catalogue pujas (a monastery's own
 * special pujas are its staff's, in `monastery-catalogue.queries.ts`). The writes take the transaction
 * their service opened, so each change commits with its audit entry.
 */

type MonasteryRow = typeof monasteries.$inferSelect;
type PujaRow = typeof pujas.$inferSelect;
/** The texts an item has in every language (docs/decisions/049). */
type Texts = 'name' | 'description' | 'nameNe' | 'nameZhHant' | 'descriptionNe' | 'descriptionZhHant';
type NewItem = Pick<typeof monasteries.$inferInsert, Texts | 'slug' | 'status' | 'imagePath'>;
type ItemChanges = Omit<NewItem, 'slug'>;
/** What a monastery's own page changes (docs/decisions/046): its staff's part of the row. */
type PageChanges = Pick<
  typeof monasteries.$inferInsert,
  | 'description'
  | 'descriptionNe'
  | 'descriptionZhHant'
  | 'imagePath'
  | 'gallery'
  | 'address'
  | 'contactPhone'
  | 'contactEmail'
>;

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
  changes: ItemChanges | PageChanges,
): Promise<MonasteryRow> {
  const [row] = await tx
    .update(monasteries)
    .set({ ...changes, version: nextVersion(monasteries.version) })
    .where(eq(monasteries.id, id))
    .returning();
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
  const [row] = await tx
    .update(pujas)
    .set({ ...changes, version: nextVersion(pujas.version) })
    .where(eq(pujas.id, id))
    .returning();
  return row!;
}

/** The orders placed through any monastery's offering of a puja. */
export async function countOrdersOfPuja(tx: Transaction, pujaId: number): Promise<number> {
  const offerings = await tx
    .select({ id: monasteryPujas.id })
    .from(monasteryPujas)
    .where(eq(monasteryPujas.pujaId, pujaId));
  const offeringIds = offerings.map((offering) => offering.id);
  if (offeringIds.length === 0) return 0;
  const [{ ordersCount } = { ordersCount: 0 }] = await tx
    .select({ ordersCount: count() })
    .from(orders)
    .where(inArray(orders.monasteryPujaId, offeringIds));
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

// ---- names (unique among current rows, case ignored: docs/product.md#catalogue-names) ----

const sameName = (column: typeof monasteries.name | typeof pujas.name, name: string): SQL =>
  sql`lower(${column}) = lower(${name})`;

/** A current monastery with this name, any case, other than `exceptId`. */
export async function findMonasteryNamed(
  db: Executor,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: monasteries.id, name: monasteries.name })
    .from(monasteries)
    .where(
      and(
        sameName(monasteries.name, name),
        isNull(monasteries.archivedAt),
        exceptId === undefined ? undefined : ne(monasteries.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** A current catalogue puja with this name, any case, other than `exceptId`. */
export async function findCataloguePujaNamed(
  db: Executor,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: pujas.id, name: pujas.name })
    .from(pujas)
    .where(
      and(
        sameName(pujas.name, name),
        isNull(pujas.archivedAt),
        isNull(pujas.monasteryId),
        exceptId === undefined ? undefined : ne(pujas.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A monastery that offers two current pujas of one name (any case: its special pujas and the catalogue
 * pujas it offers), among the monastery given or the monasteries that offer the puja given now. Run after
 * a write, in its transaction, so the write is undone when it made such a pair.
 */
export async function findOfferedNameClash(
  db: Executor,
  scope: { monasteryId: number } | { pujaId: number },
): Promise<{ monasteryName: string; pujaName: string } | undefined> {
  const inScope =
    'monasteryId' in scope
      ? sql`mp.monastery_id = ${scope.monasteryId}`
      : sql`mp.monastery_id IN (SELECT monastery_id FROM monastery_pujas
          WHERE puja_id = ${scope.pujaId} AND archived_at IS NULL)`;
  // The name as the other puja has it, when the puja given is one of the pair.
  const pujaName =
    'pujaId' in scope
      ? sql`coalesce(min(p.name) FILTER (WHERE p.id <> ${scope.pujaId}), min(p.name))`
      : sql`min(p.name)`;
  const result = await db.execute<{ monastery_name: string; puja_name: string }>(sql`
    SELECT m.name AS monastery_name, ${pujaName} AS puja_name
    FROM monastery_pujas mp
    JOIN pujas p ON p.id = mp.puja_id
    JOIN monasteries m ON m.id = mp.monastery_id
    WHERE ${inScope} AND mp.archived_at IS NULL AND p.archived_at IS NULL
    GROUP BY m.id, m.name, lower(p.name)
    HAVING count(*) > 1
    ORDER BY m.name
    LIMIT 1`);
  const row = result.rows[0];
  return row && { monasteryName: row.monastery_name, pujaName: row.puja_name };
}

// ---- archived rows, and restoring them ----

/** Part of a name, any case: `strpos`, so the words are matched as typed, with no wildcard to escape. */
const nameContains = (column: typeof monasteries.name | typeof pujas.name, q: string | undefined) =>
  q ? sql`strpos(lower(${column}), lower(${q})) > 0` : undefined;

export async function listArchivedMonasteries(
  db: Database,
  filter: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: MonasteryRow[]; total: number }> {
  const where = and(isNotNull(monasteries.archivedAt), nameContains(monasteries.name, filter.q));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(monasteries)
      .where(where)
      .orderBy(desc(monasteries.archivedAt), desc(monasteries.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.$count(monasteries, where),
  ]);
  return { rows, total };
}

export async function listArchivedCataloguePujas(
  db: Database,
  filter: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: PujaRow[]; total: number }> {
  const where = and(
    isNotNull(pujas.archivedAt),
    isNull(pujas.monasteryId),
    nameContains(pujas.name, filter.q),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(pujas)
      .where(where)
      .orderBy(desc(pujas.archivedAt), desc(pujas.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.$count(pujas, where),
  ]);
  return { rows, total };
}

/** An archived monastery, locked until the transaction ends. */
export async function lockArchivedMonastery(tx: Transaction, id: number): Promise<MonasteryRow | undefined> {
  const [row] = await tx
    .select()
    .from(monasteries)
    .where(and(eq(monasteries.id, id), isNotNull(monasteries.archivedAt)))
    .for('update');
  return row;
}

/** An archived catalogue puja, locked until the transaction ends. */
export async function lockArchivedCataloguePuja(tx: Transaction, id: number): Promise<PujaRow | undefined> {
  const [row] = await tx
    .select()
    .from(pujas)
    .where(and(eq(pujas.id, id), isNotNull(pujas.archivedAt), isNull(pujas.monasteryId)))
    .for('update');
  return row;
}

/**
 * Brings an archived monastery back with what was archived with it (the same moment): its offerings and
 * its special pujas. What its staff removed earlier, archived at another moment, stays archived.
 */
export async function restoreMonasteryAndOfferings(
  tx: Transaction,
  monasteryId: number,
  archivedAt: Date,
): Promise<MonasteryRow> {
  const [row] = await tx
    .update(monasteries)
    .set({ archivedAt: null })
    .where(eq(monasteries.id, monasteryId))
    .returning();
  await tx
    .update(monasteryPujas)
    .set({ archivedAt: null })
    .where(and(eq(monasteryPujas.monasteryId, monasteryId), eq(monasteryPujas.archivedAt, archivedAt)));
  await tx
    .update(pujas)
    .set({ archivedAt: null })
    .where(and(eq(pujas.monasteryId, monasteryId), eq(pujas.archivedAt, archivedAt)));
  return row!;
}

/** Brings an archived catalogue puja back with the offerings archived with it (the same moment). */
export async function restoreCataloguePujaAndOfferings(
  tx: Transaction,
  pujaId: number,
  archivedAt: Date,
): Promise<PujaRow> {
  const [row] = await tx.update(pujas).set({ archivedAt: null }).where(eq(pujas.id, pujaId)).returning();
  await tx
    .update(monasteryPujas)
    .set({ archivedAt: null })
    .where(and(eq(monasteryPujas.pujaId, pujaId), eq(monasteryPujas.archivedAt, archivedAt)));
  return row!;
}
