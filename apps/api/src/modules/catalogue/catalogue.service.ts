import type {
  Monastery,
  MonasteryDetailResponse,
  MonasteryListResponse,
  MonasteryPujaOptionsResponse,
  PujaDetailResponse,
  PujaListResponse,
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
} from './catalogue.queries.ts';
import { toMonasterySummary, toPivot, toPuja } from './catalogue-mappers.ts';

/**
 * The catalogue's reads: what a visitor may browse (`public`), or everything an administrator manages,
 * closed rows included (`admin`), shaped as docs/api.md "Catalogue" describes.
 */
export function createCatalogueService(dependencies: { db: Database }) {
  const { db } = dependencies;

  async function withOfferedPujas(rows: MonasteryRow[], audience: Audience): Promise<Monastery[]> {
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

  async function listMonasteries(audience: Audience = 'public'): Promise<MonasteryListResponse> {
    const rows = await listVisibleMonasteries(db, audience);
    return { monasteries: await withOfferedPujas(rows, audience) };
  }

  async function listPujas(audience: Audience = 'public'): Promise<PujaListResponse> {
    const rows = await listVisibleCataloguePujas(db, audience);
    return { pujas: rows.map(toPuja) };
  }

  return {
    listMonasteries,
    listPujas,

    async getMonastery(slugOrId: string, audience: Audience = 'public'): Promise<MonasteryDetailResponse> {
      const row = await findVisibleMonastery(db, slugOrId, audience);
      if (!row) throw new AppError('notFound', 'Monastery not found.');
      const [monastery] = await withOfferedPujas([row], audience);
      return { monastery: monastery! };
    },

    async getPuja(slugOrId: string, audience: Audience = 'public'): Promise<PujaDetailResponse> {
      const row = await findVisiblePuja(db, slugOrId, audience);
      if (!row) throw new AppError('notFound', 'Puja not found.');
      const offerings = await listVisibleOfferings(db, { pujaIds: [row.id] }, audience);
      const monasteries = offerings
        .map((offering) => ({ ...toMonasterySummary(offering.monastery), pivot: toPivot(offering) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { puja: { ...toPuja(row), monasteries } };
    },

    /** The direct-order form: every open monastery with what it offers, and the catalogue pujas. */
    async getMonasteryPujaOptions(): Promise<MonasteryPujaOptionsResponse> {
      const [{ monasteries }, { pujas }] = await Promise.all([listMonasteries(), listPujas()]);
      return { monasteries, pujas };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
