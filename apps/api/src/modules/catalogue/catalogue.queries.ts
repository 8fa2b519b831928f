import type { PlanKind } from '@puja/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { monasteries, monasteryPujas, pujas } from '../../db/schema/index.ts';
import { type OfferingPricingRow, offeringPricingColumns } from './offering-pricing.ts';

/**
 * SQL for the catalogue pages. "Visible" means what a visitor may see: open and not archived, and for a
 * offering, neither side closed or archived.
 */

export type MonasteryRow = typeof monasteries.$inferSelect;
export type PujaRow = typeof pujas.$inferSelect;
export interface OfferingRow {
  pivotId: number;
  costPaisa: number;
  pricing: OfferingPricingRow;
  planKinds: PlanKind[];
  planSchedule: number[] | null;
  planPayEach: boolean;
  monastery: MonasteryRow;
  puja: PujaRow;
}

/** Visitors see open, unarchived rows; administrators also see closed ones. Nobody browses archived rows. */
export type Audience = 'public' | 'admin';
const visibleMonastery = (audience: Audience) =>
  audience === 'admin'
    ? isNull(monasteries.archivedAt)
    : and(eq(monasteries.status, 1), isNull(monasteries.archivedAt));
const visiblePuja = (audience: Audience) =>
  audience === 'admin' ? isNull(pujas.archivedAt) : and(eq(pujas.status, 1), isNull(pujas.archivedAt));
const visibleOffering = isNull(monasteryPujas.archivedAt);

export function listVisibleMonasteries(db: Database, audience: Audience = 'public'): Promise<MonasteryRow[]> {
  return db.select().from(monasteries).where(visibleMonastery(audience)).orderBy(asc(monasteries.name));
}

export async function findVisibleMonastery(
  db: Database,
  slugOrId: string,
  audience: Audience = 'public',
): Promise<MonasteryRow | undefined> {
  const [row] = await db
    .select()
    .from(monasteries)
    .where(and(matchesSlugOrId(monasteries, slugOrId), visibleMonastery(audience)))
    .limit(1);
  return row;
}

/** Catalogue pujas (not monasteries' own special pujas). */
export function listVisibleCataloguePujas(db: Database, audience: Audience = 'public'): Promise<PujaRow[]> {
  return db
    .select()
    .from(pujas)
    .where(and(visiblePuja(audience), isNull(pujas.monasteryId)))
    .orderBy(asc(pujas.name));
}

export async function findVisiblePuja(
  db: Database,
  slugOrId: string,
  audience: Audience = 'public',
): Promise<PujaRow | undefined> {
  const [row] = await db
    .select()
    .from(pujas)
    .where(and(matchesSlugOrId(pujas, slugOrId), visiblePuja(audience)))
    .limit(1);
  return row;
}

/** Every visible offering, filtered to some monasteries or some pujas. */
export function listVisibleOfferings(
  db: Database,
  filter: { monasteryIds?: number[]; pujaIds?: number[] },
  audience: Audience = 'public',
): Promise<OfferingRow[]> {
  const conditions: (SQL | undefined)[] = [
    visibleMonastery(audience),
    visiblePuja(audience),
    visibleOffering,
  ];
  if (filter.monasteryIds) conditions.push(inArray(monasteryPujas.monasteryId, filter.monasteryIds));
  if (filter.pujaIds) conditions.push(inArray(monasteryPujas.pujaId, filter.pujaIds));
  return db
    .select({
      pivotId: monasteryPujas.id,
      costPaisa: monasteryPujas.costPaisa,
      pricing: offeringPricingColumns,
      planKinds: monasteryPujas.planKinds,
      planSchedule: monasteryPujas.planSchedule,
      planPayEach: monasteryPujas.planPayEach,
      monastery: monasteries,
      puja: pujas,
    })
    .from(monasteryPujas)
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(and(...conditions))
    .orderBy(asc(pujas.name), asc(monasteries.name));
}

/** Whether a slug is in use, archived rows included: a page's address is never given to another. */
export async function isMonasterySlugTaken(db: Database, slug: string): Promise<boolean> {
  return (await db.$count(monasteries, eq(monasteries.slug, slug))) > 0;
}

/** The same for pujas, catalogue and special ones alike: they share the `/puja/{slug}` pages. */
export async function isPujaSlugTaken(db: Database, slug: string): Promise<boolean> {
  return (await db.$count(pujas, eq(pujas.slug, slug))) > 0;
}

function matchesSlugOrId(table: typeof monasteries | typeof pujas, slugOrId: string): SQL {
  // A path segment of digits only is an id: slugs always contain a letter.
  return /^\d+$/.test(slugOrId) ? eq(table.id, Number(slugOrId)) : eq(table.slug, slugOrId);
}

/**
 * Tells every instance listening on `channel` that the catalogue changed. PostgreSQL delivers it when the
 * surrounding transaction commits (at once outside one), so nobody hears of a change that was undone.
 */
export async function notifyCatalogueChanged(db: Database, channel: string): Promise<void> {
  await db.execute(sql.raw(`NOTIFY ${channel}`));
}
