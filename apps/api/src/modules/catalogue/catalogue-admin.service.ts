import {
  ARCHIVED_PAGE_SIZE,
  type ArchivedMonasteriesResponse,
  type ArchivedPujasResponse,
  type MonasteryListResponse,
  type PujaListResponse,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, Executor, RowLock, Transaction } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseStaleVersion } from '../../lib/record-version.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import { isMonasterySlugTaken, isPujaSlugTaken } from './catalogue.queries.ts';
import type { CatalogueService } from './catalogue.service.ts';
import {
  archiveCataloguePujaAndOfferings,
  archiveMonasteryAndOfferings,
  countMonasteryReferences,
  countOrdersOfPuja,
  deleteCataloguePujaAndOfferings,
  deleteMonasteryAndOfferings,
  findCataloguePujaNamed,
  findCurrentCataloguePuja,
  findCurrentMonastery,
  findMonasteryNamed,
  findOfferedNameClash,
  insertCataloguePuja,
  insertMonastery,
  listArchivedCataloguePujas,
  listArchivedMonasteries,
  lockArchivedCataloguePuja,
  lockArchivedMonastery,
  restoreCataloguePujaAndOfferings,
  restoreMonasteryAndOfferings,
  updateCataloguePujaRow,
  updateMonasteryRow,
} from './catalogue-admin.queries.ts';
import {
  brokeUniqueIndex,
  type CatalogueItemInput,
  catalogueItemAuditFields,
  nameTaken,
  prepareItemUpdate,
  prepareNewItem,
} from './catalogue-items.ts';
import { toMonasterySummary, toPuja } from './catalogue-mappers.ts';

const monasteryNameTaken = (name: string) => nameTaken(apiMessage('monasteryNamed', { name }));
const pujaNameTaken = (name: string) => nameTaken(apiMessage('pujaNamed', { name }));
const offeredNameTaken = (clash: { monasteryName: string; pujaName: string }) =>
  nameTaken(apiMessage('offersPujaNamed', { monastery: clash.monasteryName, puja: clash.pujaName }));
/** What an archived row's restore says when its name has been taken since. */
const restoreNameTaken = (kind: 'monastery' | 'puja', name: string) =>
  nameTaken(apiMessage(kind === 'monastery' ? 'monasteryNamedRestore' : 'pujaNamedRestore', { name }));

/**
 * An administrator's catalogue: monasteries and catalogue pujas. Slugs come from the name once and stay
 * stable when the name changes. Deleting something that has orders (or, for a monastery, staff accounts)
 * archives it: it leaves the public pages, history stays. Each change and its audit entry commit together;
 * every change refreshes every instance's cache.
 */
export function createCatalogueAdminService(dependencies: {
  db: Database;
  catalogue: CatalogueService;
  storage: FileStorage;
  catalogueChanged: () => Promise<void>;
}) {
  const { db, catalogue, storage, catalogueChanged } = dependencies;

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

  /** Checked before a picture is processed (see `prepareNewItem`), and decided by the index on commit. */
  async function refuseTakenMonasteryName(executor: Executor, name: string, exceptId?: number) {
    const taken = await findMonasteryNamed(executor, name, exceptId);
    if (taken) throw monasteryNameTaken(taken.name);
  }
  async function refuseTakenPujaName(executor: Executor, name: string, exceptId?: number) {
    const taken = await findCataloguePujaNamed(executor, name, exceptId);
    if (taken) throw pujaNameTaken(taken.name);
  }

  /** A write that names a row: when another takes the name at the same moment, the unique index decides. */
  async function writeNamed(
    kind: 'monastery' | 'puja',
    name: string,
    write: (tx: Transaction) => Promise<void>,
  ): Promise<void> {
    try {
      await db.transaction(write);
    } catch (error) {
      if (kind === 'monastery' && brokeUniqueIndex(error, 'monasteries_name_unique'))
        throw monasteryNameTaken(name);
      if (kind === 'puja' && brokeUniqueIndex(error, 'pujas_catalogue_name_unique'))
        throw pujaNameTaken(name);
      throw error;
    }
  }

  const adminMonasteries = (): Promise<MonasteryListResponse> => catalogue.listMonasteries('admin');
  const adminPujas = (): Promise<PujaListResponse> => catalogue.listPujas('admin');

  return {
    async createMonastery(actor: Viewer, input: CatalogueItemInput) {
      const values = await prepareNewItem(
        storage,
        input,
        'monastery',
        (slug) => isMonasterySlugTaken(db, slug),
        () => refuseTakenMonasteryName(db, input.name),
      );
      await writeNamed('monastery', input.name, async (tx) => {
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
      const existing = await findMonastery(db, id);
      const changes = await prepareItemUpdate(storage, input, existing, () =>
        refuseTakenMonasteryName(db, input.name, id),
      );
      await writeNamed('monastery', input.name, async (tx) => {
        const current = await findMonastery(tx, id, 'no key update');
        await refuseStaleVersion(tx, current, input.version, {
          type: 'monastery',
          id,
          // Its staff's page approved (docs/decisions/046) changes its version too.
          actions: ['update', 'approve-page'],
        });
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
      const values = await prepareNewItem(
        storage,
        input,
        'puja',
        (slug) => isPujaSlugTaken(db, slug),
        () => refuseTakenPujaName(db, input.name),
      );
      await writeNamed('puja', input.name, async (tx) => {
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
      const existing = await findCataloguePuja(db, id);
      const changes = await prepareItemUpdate(storage, input, existing, () =>
        refuseTakenPujaName(db, input.name, id),
      );
      await writeNamed('puja', input.name, async (tx) => {
        const current = await findCataloguePuja(tx, id, 'no key update');
        await refuseStaleVersion(tx, current, input.version, { type: 'puja', id, actions: ['update'] });
        const updated = await updateCataloguePujaRow(tx, id, changes);
        // A monastery offering it must not end up with two pujas of one name (its own special one).
        const clash = await findOfferedNameClash(tx, { pujaId: id });
        if (clash) throw offeredNameTaken(clash);
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

    async listArchivedMonasteries(query: {
      page: number;
      q?: string | undefined;
    }): Promise<ArchivedMonasteriesResponse> {
      const { rows, total } = await listArchivedMonasteries(db, { ...query, pageSize: ARCHIVED_PAGE_SIZE });
      return {
        monasteries: rows.map((row) => ({
          ...toMonasterySummary(row),
          archived_at: row.archivedAt!.toISOString(),
        })),
        page: query.page,
        pageSize: ARCHIVED_PAGE_SIZE,
        total,
      };
    },

    async listArchivedPujas(query: { page: number; q?: string | undefined }): Promise<ArchivedPujasResponse> {
      const { rows, total } = await listArchivedCataloguePujas(db, {
        ...query,
        pageSize: ARCHIVED_PAGE_SIZE,
      });
      return {
        pujas: rows.map((row) => ({ ...toPuja(row), archived_at: row.archivedAt!.toISOString() })),
        page: query.page,
        pageSize: ARCHIVED_PAGE_SIZE,
        total,
      };
    },

    /**
     * Brings back an archived monastery with the offerings and special pujas archived with it. Refused
     * (409) when a current monastery has its name, or when it would offer two pujas of one name.
     */
    async restoreMonastery(actor: Viewer, id: number) {
      try {
        await db.transaction(async (tx) => {
          const row = await lockArchivedMonastery(tx, id);
          if (!row) throw new AppError('notFound', 'No archived monastery has this id.');
          const taken = await findMonasteryNamed(tx, row.name);
          if (taken) throw restoreNameTaken('monastery', taken.name);
          await restoreMonasteryAndOfferings(tx, id, row.archivedAt!);
          const clash = await findOfferedNameClash(tx, { monasteryId: id });
          if (clash) throw offeredNameTaken(clash);
          await recordRestore(tx, actor, 'monastery', row);
        });
      } catch (error) {
        if (brokeUniqueIndex(error, 'monasteries_name_unique'))
          throw nameTaken('A monastery with this name was saved at the same moment.');
        if (brokeUniqueIndex(error, 'pujas_special_name_unique'))
          throw nameTaken('Its special pujas have names the monastery now uses for others.');
        throw error;
      }
      await catalogueChanged();
      return adminMonasteries();
    },

    /**
     * Brings back an archived catalogue puja with the offerings archived with it. Refused (409) when a
     * current catalogue puja has its name, or when a monastery offering it would offer two of one name.
     */
    async restorePuja(actor: Viewer, id: number) {
      try {
        await db.transaction(async (tx) => {
          const row = await lockArchivedCataloguePuja(tx, id);
          if (!row) throw new AppError('notFound', 'No archived puja has this id.');
          const taken = await findCataloguePujaNamed(tx, row.name);
          if (taken) throw restoreNameTaken('puja', taken.name);
          await restoreCataloguePujaAndOfferings(tx, id, row.archivedAt!);
          const clash = await findOfferedNameClash(tx, { pujaId: id });
          if (clash) throw offeredNameTaken(clash);
          await recordRestore(tx, actor, 'puja', row);
        });
      } catch (error) {
        if (brokeUniqueIndex(error, 'pujas_catalogue_name_unique'))
          throw nameTaken('A puja with this name was saved at the same moment.');
        throw error;
      }
      await catalogueChanged();
      return adminPujas();
    },
  };
}

/**
 * A restore is an update of the archived mark, as a staff member's offering brought back is: the entry
 * shows when the row had been archived, and the name it comes back under, so the audit log can say what
 * was restored (an archive's entry names it the same way, in its `before`).
 */
function recordRestore(
  tx: Transaction,
  actor: Viewer,
  subject: 'monastery' | 'puja',
  row: { id: number; name: string; archivedAt: Date | null },
) {
  return recordAudit(tx, {
    actor,
    action: 'update',
    subject,
    subjectId: row.id,
    before: { archived_at: row.archivedAt!.toISOString() },
    after: { archived_at: null, name: row.name },
  });
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
