import type { MonasteryListResponse, PujaListResponse } from '@puja/contract';
import type { Database, Executor, RowLock, Transaction } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import { isMonasterySlugTaken, isPujaSlugTaken } from './catalogue.queries.ts';
import { listMonasteries, listPujas } from './catalogue.service.ts';
import {
  archiveCataloguePujaAndOfferings,
  archiveMonasteryAndOfferings,
  countMonasteryReferences,
  countOrdersOfPuja,
  deleteCataloguePujaAndOfferings,
  deleteMonasteryAndOfferings,
  findCurrentCataloguePuja,
  findCurrentMonastery,
  insertCataloguePuja,
  insertMonastery,
  updateCataloguePujaRow,
  updateMonasteryRow,
} from './catalogue-admin.queries.ts';
import {
  type CatalogueItemInput,
  catalogueItemAuditFields,
  prepareItemUpdate,
  prepareNewItem,
} from './catalogue-items.ts';

/**
 * An administrator's catalogue: monasteries and catalogue pujas. Slugs come from the name once and stay
 * stable when the name changes. Deleting something that has orders (or, for a monastery, staff accounts)
 * archives it: it leaves the public pages, history stays. Each change and its audit entry commit together;
 * every change refreshes every instance's cache.
 */
export function createCatalogueAdminService(dependencies: {
  db: Database;
  storage: FileStorage;
  catalogueChanged: () => Promise<void>;
}) {
  const { db, storage, catalogueChanged } = dependencies;

  /** Inside a write's transaction, `lock` holds the row until commit (see `RowLock`). */
  async function findMonastery(executor: Executor, id: number, lock?: RowLock) {
    const row = await findCurrentMonastery(executor, id, lock);
    if (!row) throw new AppError('notFound', 'Monastery not found.');
    return row;
  }

  async function findCataloguePuja(executor: Executor, id: number, lock?: RowLock) {
    const row = await findCurrentCataloguePuja(executor, id, lock);
    if (!row) throw new AppError('notFound', 'Puja not found.');
    return row;
  }

  /** A removal is a delete when nothing refers to the row, an archive otherwise: one entry either way. */
  function recordRemoval(
    tx: Transaction,
    actor: Viewer,
    subject: 'monastery' | 'puja',
    removed: { id: number; fields: AuditFields; archivedAt: Date | undefined },
  ) {
    return recordAudit(tx, {
      actor,
      action: removed.archivedAt ? 'archive' : 'delete',
      subject,
      subjectId: removed.id,
      before: removed.fields,
      after: removed.archivedAt ? { archived_at: removed.archivedAt.toISOString() } : null,
    });
  }

  const adminMonasteries = (): Promise<MonasteryListResponse> => listMonasteries(db, 'admin');
  const adminPujas = (): Promise<PujaListResponse> => listPujas(db, 'admin');

  return {
    async createMonastery(actor: Viewer, input: CatalogueItemInput) {
      const values = await prepareNewItem(storage, input, 'monastery', (slug) =>
        isMonasterySlugTaken(db, slug),
      );
      await db.transaction(async (tx) => {
        const created = await insertMonastery(tx, values);
        await recordAudit(tx, {
          actor,
          action: 'create',
          subject: 'monastery',
          subjectId: created.id,
          before: null,
          after: catalogueItemAuditFields(created),
        });
      });
      await catalogueChanged();
      return adminMonasteries();
    },

    async updateMonastery(actor: Viewer, id: number, input: CatalogueItemInput) {
      // The picture is processed before the transaction, so no row stays locked while it is re-encoded.
      const changes = await prepareItemUpdate(storage, input, await findMonastery(db, id));
      await db.transaction(async (tx) => {
        const current = await findMonastery(tx, id, 'no key update');
        const updated = await updateMonasteryRow(tx, id, changes);
        await recordAudit(tx, {
          actor,
          action: 'update',
          subject: 'monastery',
          subjectId: id,
          ...changedFields(catalogueItemAuditFields(current), catalogueItemAuditFields(updated)),
        });
      });
      await catalogueChanged();
      return adminMonasteries();
    },

    async deleteMonastery(actor: Viewer, id: number) {
      await db.transaction(async (tx) => {
        const row = await findMonastery(tx, id, 'update');
        const { ordersCount, staffCount } = await countMonasteryReferences(tx, row.id);
        const archivedAt = ordersCount > 0 || staffCount > 0 ? new Date() : undefined;
        if (archivedAt) await archiveMonasteryAndOfferings(tx, row.id, archivedAt);
        else await deleteMonasteryAndOfferings(tx, row.id);
        await recordRemoval(tx, actor, 'monastery', {
          id: row.id,
          fields: catalogueItemAuditFields(row),
          archivedAt,
        });
      });
      await catalogueChanged();
      return adminMonasteries();
    },

    async createPuja(actor: Viewer, input: CatalogueItemInput) {
      const values = await prepareNewItem(storage, input, 'puja', (slug) => isPujaSlugTaken(db, slug));
      await db.transaction(async (tx) => {
        const created = await insertCataloguePuja(tx, values);
        await recordAudit(tx, {
          actor,
          action: 'create',
          subject: 'puja',
          subjectId: created.id,
          before: null,
          after: catalogueItemAuditFields(created),
        });
      });
      await catalogueChanged();
      return adminPujas();
    },

    async updatePuja(actor: Viewer, id: number, input: CatalogueItemInput) {
      const changes = await prepareItemUpdate(storage, input, await findCataloguePuja(db, id));
      await db.transaction(async (tx) => {
        const current = await findCataloguePuja(tx, id, 'no key update');
        const updated = await updateCataloguePujaRow(tx, id, changes);
        await recordAudit(tx, {
          actor,
          action: 'update',
          subject: 'puja',
          subjectId: id,
          ...changedFields(catalogueItemAuditFields(current), catalogueItemAuditFields(updated)),
        });
      });
      await catalogueChanged();
      return adminPujas();
    },

    async deletePuja(actor: Viewer, id: number) {
      await db.transaction(async (tx) => {
        const row = await findCataloguePuja(tx, id, 'update');
        const archivedAt = (await countOrdersOfPuja(tx, row.id)) > 0 ? new Date() : undefined;
        if (archivedAt) await archiveCataloguePujaAndOfferings(tx, row.id, archivedAt);
        else await deleteCataloguePujaAndOfferings(tx, row.id);
        await recordRemoval(tx, actor, 'puja', {
          id: row.id,
          fields: catalogueItemAuditFields(row),
          archivedAt,
        });
      });
      await catalogueChanged();
      return adminPujas();
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
