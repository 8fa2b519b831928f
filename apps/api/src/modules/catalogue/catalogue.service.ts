import {
  type Monastery,
  type MonasteryDetailResponse,
  type MonasteryListResponse,
  type MonasteryPujaOptionsResponse,
  type MonasterySummary,
  type Puja,
  type PujaDetailResponse,
  type PujaListResponse,
  paisaToRupees,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type Audience,
  findVisibleMonastery,
  findVisiblePuja,
  listVisibleCataloguePujas,
  listVisibleMonasteries,
  listVisibleOfferings,
  type MonasteryRow,
  type OfferingRow,
  type PujaRow,
} from './catalogue.queries.ts';

/** The public catalogue: what a visitor may browse, shaped as docs/api.md describes. */

export async function listMonasteries(
  db: Database,
  audience: Audience = 'public',
): Promise<MonasteryListResponse> {
  const rows = await listVisibleMonasteries(db, audience);
  return { monasteries: await withOfferedPujas(db, rows, audience) };
}

export async function getMonastery(
  db: Database,
  slugOrId: string,
  audience: Audience = 'public',
): Promise<MonasteryDetailResponse> {
  const row = await findVisibleMonastery(db, slugOrId, audience);
  if (!row) throw new AppError('notFound', 'Monastery not found.');
  const [monastery] = await withOfferedPujas(db, [row], audience);
  return { monastery: monastery! };
}

export async function listPujas(db: Database, audience: Audience = 'public'): Promise<PujaListResponse> {
  const rows = await listVisibleCataloguePujas(db, audience);
  return { pujas: rows.map(toPuja) };
}

export async function getPuja(
  db: Database,
  slugOrId: string,
  audience: Audience = 'public',
): Promise<PujaDetailResponse> {
  const row = await findVisiblePuja(db, slugOrId, audience);
  if (!row) throw new AppError('notFound', 'Puja not found.');
  const offerings = await listVisibleOfferings(db, { pujaIds: [row.id] }, audience);
  const monasteries = offerings
    .map((offering) => ({ ...toMonasterySummary(offering.monastery), pivot: toPivot(offering) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { puja: { ...toPuja(row), monasteries } };
}

/** The direct-order form: every open monastery with what it offers, and the catalogue pujas. */
export async function getMonasteryPujaOptions(db: Database): Promise<MonasteryPujaOptionsResponse> {
  const [{ monasteries }, { pujas }] = await Promise.all([listMonasteries(db), listPujas(db)]);
  return { monasteries, pujas };
}

async function withOfferedPujas(
  db: Database,
  rows: MonasteryRow[],
  audience: Audience,
): Promise<Monastery[]> {
  if (rows.length === 0) return [];
  const offerings = await listVisibleOfferings(db, { monasteryIds: rows.map((row) => row.id) }, audience);
  const byMonastery = new Map<number, OfferingRow[]>();
  for (const offering of offerings) {
    const list = byMonastery.get(offering.monastery.id) ?? [];
    list.push(offering);
    byMonastery.set(offering.monastery.id, list);
  }
  return rows.map((row) => ({
    ...toMonasterySummary(row),
    pujas: (byMonastery.get(row.id) ?? []).map((offering) => ({
      ...toPuja(offering.puja),
      pivot: toPivot(offering),
    })),
  }));
}

export function toMonasterySummary(row: MonasteryRow): MonasterySummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image_path: row.imagePath,
    status: row.status === 1 ? 1 : 0,
  };
}

export function toPuja(row: PujaRow): Puja {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image_path: row.imagePath,
    status: row.status === 1 ? 1 : 0,
    monastery_id: row.monasteryId,
  };
}

function toPivot(offering: OfferingRow) {
  return { id: offering.pivotId, cost: paisaToRupees(offering.costPaisa) };
}
