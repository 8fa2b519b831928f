import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Database, Executor, RowLock } from '../../db/client.ts';
import { monasteryPujas, pujas } from '../../db/schema/index.ts';

export type PairingRow = { pivot: typeof monasteryPujas.$inferSelect; puja: typeof pujas.$inferSelect };

/** The monastery's current offerings, open or closed, its special pujas included. */
export function listPairingsOfMonastery(db: Database, monasteryId: number): Promise<PairingRow[]> {
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

/** Open catalogue pujas the monastery does not offer (an archived pairing counts as not offered). */
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
 * A current pairing with its puja. Inside a transaction, `lock` holds the pairing until commit, and the
 * puja row too only when `lockPuja` says so: a catalogue puja is shared by every monastery, and locking it
 * would queue them all behind one another (and deadlock with an administrator deleting that puja).
 */
export async function findPairing(
  db: Executor,
  pivotId: number,
  lock?: { strength: RowLock; lockPuja?: boolean },
): Promise<PairingRow | undefined> {
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

/** The monastery's pairing with a puja, current or archived (adding it again revives an archived one). */
export async function findPairingOfPuja(db: Executor, monasteryId: number, pujaId: number, lock?: RowLock) {
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

export async function isPujaSlugTaken(db: Database, slug: string): Promise<boolean> {
  return (await db.$count(pujas, eq(pujas.slug, slug))) > 0;
}
