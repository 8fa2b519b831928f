import type { MonasteryListResponse, PujaListResponse } from '@puja/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, pujas, users } from '../../db/schema/index.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { listMonasteries, listPujas } from './catalogue.service.ts';
import { type CatalogueItemInput, prepareItemUpdate, prepareNewItem } from './catalogue-items.ts';

/**
 * An administrator's catalogue: monasteries and catalogue pujas. Slugs come from the name once and stay
 * stable when the name changes. Deleting something that has orders (or, for a monastery, staff accounts)
 * archives it: it leaves the public pages, history stays. Every change refreshes every instance's cache.
 */
export function createCatalogueAdminService(dependencies: {
  db: Database;
  storage: FileStorage;
  catalogueChanged: () => Promise<void>;
}) {
  const { db, storage, catalogueChanged } = dependencies;

  async function findMonastery(id: number) {
    const [row] = await db
      .select()
      .from(monasteries)
      .where(and(eq(monasteries.id, id), isNull(monasteries.archivedAt)));
    if (!row) throw new AppError('notFound', 'Monastery not found.');
    return row;
  }

  async function findCataloguePuja(id: number) {
    const [row] = await db
      .select()
      .from(pujas)
      .where(and(eq(pujas.id, id), isNull(pujas.archivedAt), isNull(pujas.monasteryId)));
    if (!row) throw new AppError('notFound', 'Puja not found.');
    return row;
  }

  const adminMonasteries = (): Promise<MonasteryListResponse> => listMonasteries(db, 'admin');
  const adminPujas = (): Promise<PujaListResponse> => listPujas(db, 'admin');

  return {
    async createMonastery(input: CatalogueItemInput) {
      const values = await prepareNewItem(
        storage,
        input,
        'monastery',
        async (slug) => (await db.$count(monasteries, eq(monasteries.slug, slug))) > 0,
      );
      await db.insert(monasteries).values(values);
      await catalogueChanged();
      return adminMonasteries();
    },

    async updateMonastery(id: number, input: CatalogueItemInput) {
      const changes = await prepareItemUpdate(storage, input, await findMonastery(id));
      await db.update(monasteries).set(changes).where(eq(monasteries.id, id));
      await catalogueChanged();
      return adminMonasteries();
    },

    async deleteMonastery(id: number) {
      const row = await findMonastery(id);
      await db.transaction(async (tx) => {
        await tx
          .select({ id: monasteries.id })
          .from(monasteries)
          .where(eq(monasteries.id, row.id))
          .for('update');
        const [{ ordersCount } = { ordersCount: 0 }] = await tx
          .select({ ordersCount: count() })
          .from(orders)
          .where(eq(orders.monasteryId, row.id));
        const [{ staffCount } = { staffCount: 0 }] = await tx
          .select({ staffCount: count() })
          .from(users)
          .where(eq(users.monasteryId, row.id));
        if (ordersCount > 0 || staffCount > 0) {
          const now = new Date();
          await tx.update(monasteries).set({ archivedAt: now }).where(eq(monasteries.id, row.id));
          await tx
            .update(monasteryPujas)
            .set({ archivedAt: now })
            .where(and(eq(monasteryPujas.monasteryId, row.id), isNull(monasteryPujas.archivedAt)));
          await tx
            .update(pujas)
            .set({ archivedAt: now })
            .where(and(eq(pujas.monasteryId, row.id), isNull(pujas.archivedAt)));
        } else {
          await tx.delete(monasteryPujas).where(eq(monasteryPujas.monasteryId, row.id));
          await tx.delete(pujas).where(eq(pujas.monasteryId, row.id));
          await tx.delete(monasteries).where(eq(monasteries.id, row.id));
        }
      });
      await catalogueChanged();
      return adminMonasteries();
    },

    async createPuja(input: CatalogueItemInput) {
      const values = await prepareNewItem(
        storage,
        input,
        'puja',
        async (slug) => (await db.$count(pujas, eq(pujas.slug, slug))) > 0,
      );
      await db.insert(pujas).values(values);
      await catalogueChanged();
      return adminPujas();
    },

    async updatePuja(id: number, input: CatalogueItemInput) {
      const changes = await prepareItemUpdate(storage, input, await findCataloguePuja(id));
      await db.update(pujas).set(changes).where(eq(pujas.id, id));
      await catalogueChanged();
      return adminPujas();
    },

    async deletePuja(id: number) {
      const row = await findCataloguePuja(id);
      await db.transaction(async (tx) => {
        await tx.select({ id: pujas.id }).from(pujas).where(eq(pujas.id, row.id)).for('update');
        const pairings = await tx
          .select({ id: monasteryPujas.id })
          .from(monasteryPujas)
          .where(eq(monasteryPujas.pujaId, row.id));
        const pairingIds = pairings.map((pairing) => pairing.id);
        const [{ ordersCount } = { ordersCount: 0 }] =
          pairingIds.length === 0
            ? []
            : await tx
                .select({ ordersCount: count() })
                .from(orders)
                .where(inArray(orders.monasteryPujaId, pairingIds));
        if (ordersCount > 0) {
          const now = new Date();
          await tx.update(pujas).set({ archivedAt: now }).where(eq(pujas.id, row.id));
          await tx
            .update(monasteryPujas)
            .set({ archivedAt: now })
            .where(and(eq(monasteryPujas.pujaId, row.id), isNull(monasteryPujas.archivedAt)));
        } else {
          await tx.delete(monasteryPujas).where(eq(monasteryPujas.pujaId, row.id));
          await tx.delete(pujas).where(eq(pujas.id, row.id));
        }
      });
      await catalogueChanged();
      return adminPujas();
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
