import {
  type MonasteryPujasResponse,
  type OfferingPricingFields,
  type PujaWithPivot,
  paisaToRupees,
  rupeesToPaisa,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, RowLock, Transaction } from '../../db/client.ts';
import type { monasteryPujas, pujas } from '../../db/schema/index.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseStaleVersion } from '../../lib/record-version.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import { isPujaSlugTaken } from '../catalogue/catalogue.shared-queries.ts';
import {
  brokeUniqueIndex,
  type CatalogueItemInput,
  catalogueItemAuditFields,
  nameTaken,
  prepareItemUpdate,
  prepareNewItem,
} from '../catalogue/catalogue-items.ts';
import { toPivot, toPuja } from '../catalogue/catalogue-mappers.ts';
import {
  type OfferingPricingRow,
  pricingColumnsOf,
  toOfferingPricing,
} from '../catalogue/offering-pricing.ts';
import {
  archiveOffering,
  archiveSpecialPuja,
  countOrdersOfOffering,
  deleteOffering,
  deleteSpecialPuja,
  findOfferedPujaNamed,
  findOffering,
  findOfferingOfPuja,
  findPuja,
  insertOffering,
  insertSpecialPuja,
  listCataloguePujasNotOffered,
  listOfferingsOfMonastery,
  lockMonasteryForPujaNames,
  type OfferedPujaRow,
  type OfferingPrice,
  offerPuja,
  setOfferingPrice,
  updateSpecialPujaRow,
} from './monastery-catalogue.queries.ts';

/**
 * A monastery's staff manage what their monastery offers: catalogue pujas at their own price, and special
 * pujas of their own. Each change and its audit entry commit together; every change is announced so every
 * instance's catalogue cache is refreshed.
 */
export interface MonasteryCatalogueDependencies {
  db: Database;
  storage: FileStorage;
  /** Clears the public catalogue cache here and on every other instance. */
  catalogueChanged: () => Promise<void>;
}

export type SpecialPujaInput = CatalogueItemInput & PriceRequest;

export function createMonasteryCatalogueService(dependencies: MonasteryCatalogueDependencies) {
  const { db, storage, catalogueChanged } = dependencies;

  const monasteryOf = (staff: Viewer): number => {
    if (staff.role !== 'monastery' || !staff.monastery_id)
      throw new AppError('forbidden', 'Only a monastery’s staff manage its pujas.');
    return staff.monastery_id;
  };

  /** A current offering of the staff member's own monastery: another monastery's is 403, whatever id is sent. */
  async function ownOffering(staff: Viewer, pivotId: number): Promise<OfferedPujaRow> {
    const row = await findOffering(db, pivotId);
    if (!row) throw new AppError('notFound', 'This puja is not offered by any monastery.');
    if (row.pivot.monasteryId !== monasteryOf(staff))
      throw new AppError('forbidden', 'This puja belongs to another monastery’s list.');
    return row;
  }

  const withPivot = (row: OfferedPujaRow): PujaWithPivot => ({
    ...toPuja(row.puja),
    pivot: toPivot({
      pivotId: row.pivot.id,
      costPaisa: row.pivot.costPaisa,
      pricing: pricingRowOf(row.pivot),
      planKinds: row.pivot.planKinds,
      planSchedule: row.pivot.planSchedule,
      planPayEach: row.pivot.planPayEach,
    }),
  });

  async function list(staff: Viewer): Promise<MonasteryPujasResponse> {
    const monasteryId = monasteryOf(staff);
    const [available, offered] = await Promise.all([
      listCataloguePujasNotOffered(db, monasteryId),
      listOfferingsOfMonastery(db, monasteryId),
    ]);
    return { pujas: available.map(toPuja), monasteryPuja: { pujas: offered.map(withPivot) } };
  }

  /** The offering again, locked inside a write's transaction: 404 if it was removed in the meantime. */
  async function lockedOffering(
    tx: Transaction,
    pivotId: number,
    lock: { strength: RowLock; lockPuja?: boolean },
  ): Promise<OfferedPujaRow> {
    const row = await findOffering(tx, pivotId, lock);
    if (!row) throw new AppError('notFound', 'This puja is not offered by any monastery.');
    return row;
  }

  /**
   * One monastery's pujas (its special pujas and the catalogue pujas it offers) have different names, case
   * ignored. Checked before a picture is processed, and again in the change's transaction once the
   * monastery's row is held, so two changes at once cannot both take a name.
   */
  async function refuseTakenName(
    executor: Database | Transaction,
    monasteryId: number,
    name: string,
    options: { exceptPujaId?: number; field: 'name' | 'puja' },
  ): Promise<void> {
    const taken = await findOfferedPujaNamed(executor, monasteryId, name, options.exceptPujaId);
    if (taken) throw nameTaken(apiMessage('monasteryOffersNamed', { name: taken.name }), options.field);
  }

  /** A special puja's write: the index on special pujas' names decides between two at the same moment. */
  async function writeSpecial(name: string, write: (tx: Transaction) => Promise<void>): Promise<void> {
    try {
      await db.transaction(write);
    } catch (error) {
      if (brokeUniqueIndex(error, 'pujas_special_name_unique'))
        throw nameTaken(apiMessage('monasteryOffersNamed', { name }));
      throw error;
    }
  }

  function specialOf(staff: Viewer, row: OfferedPujaRow): OfferedPujaRow {
    if (row.puja.monasteryId !== monasteryOf(staff)) {
      throw new AppError('invalidInput', 'Only your monastery’s special pujas can be edited here.');
    }
    return row;
  }

  return {
    list,

    async add(staff: Viewer, request: PriceRequest & { puja: number }): Promise<MonasteryPujasResponse> {
      const monasteryId = monasteryOf(staff);
      const puja = await findPuja(db, request.puja);
      if (!puja || puja.archivedAt || puja.status !== 1 || puja.monasteryId !== null) {
        throw new AppError('invalidInput', 'Choose an open puja from the catalogue.', {
          puja: ['Choose an open puja from the catalogue.'],
        });
      }
      const nameCheck = { exceptPujaId: puja.id, field: 'puja' } as const;
      await refuseTakenName(db, monasteryId, puja.name, nameCheck);
      await db.transaction(async (tx) => {
        await lockMonasteryForPujaNames(tx, monasteryId);
        await refuseTakenName(tx, monasteryId, puja.name, nameCheck);
        const previous = await findOfferingOfPuja(tx, monasteryId, puja.id, 'no key update');
        // A offering removed earlier (archived because it had orders) comes back with the new price.
        const added = await offerPuja(tx, {
          monasteryId,
          pujaId: puja.id,
          ...priceOf(request),
        });
        if (!added) {
          throw new AppError('conflict', 'Your monastery already offers this puja.', {
            puja: ['Your monastery already offers this puja.'],
          });
        }
        const after = offeringAuditFields(added, puja.name);
        await recordAudit(
          tx,
          previous
            ? {
                // The same row, revived: an update of its price and of its archived mark.
                actor: staff,
                action: 'update',
                subject: 'monastery_puja',
                subjectId: added.id,
                ...changedFields(
                  {
                    ...offeringAuditFields(previous, puja.name),
                    archived_at: previous.archivedAt?.toISOString() ?? null,
                  },
                  { ...after, archived_at: null },
                ),
              }
            : {
                actor: staff,
                action: 'create',
                subject: 'monastery_puja',
                subjectId: added.id,
                before: null,
                after,
              },
        );
      });
      await catalogueChanged();
      return list(staff);
    },

    async getOffering(staff: Viewer, pivotId: number) {
      return { selectedPuja: withPivot(await ownOffering(staff, pivotId)) };
    },

    async changeCost(
      staff: Viewer,
      pivotId: number,
      request: PriceRequest & { puja: number },
    ): Promise<MonasteryPujasResponse> {
      const row = await ownOffering(staff, pivotId);
      if (request.puja !== row.puja.id)
        throw new AppError('invalidInput', 'The puja of a price cannot be changed.', {
          puja: ['The puja of a price cannot be changed.'],
        });
      await db.transaction(async (tx) => {
        const current = await lockedOffering(tx, row.pivot.id, { strength: 'no key update' });
        const updated = await setOfferingPrice(tx, row.pivot.id, priceOf(request, current.pivot));
        await recordAudit(tx, {
          actor: staff,
          action: 'update',
          subject: 'monastery_puja',
          subjectId: row.pivot.id,
          ...changedFields(
            offeringAuditFields(current.pivot, current.puja.name),
            offeringAuditFields(updated, current.puja.name),
          ),
        });
      });
      await catalogueChanged();
      return list(staff);
    },

    /** Removes an offering; one with orders is archived instead, so the orders keep their history. */
    async remove(staff: Viewer, pivotId: number): Promise<MonasteryPujasResponse> {
      const row = await ownOffering(staff, pivotId);
      const special = row.puja.monasteryId !== null;
      await db.transaction(async (tx) => {
        // Locking the offering makes an order placed at this moment wait, so it is counted or refused.
        const current = await lockedOffering(tx, row.pivot.id, { strength: 'update' });
        const archivedAt = (await countOrdersOfOffering(tx, row.pivot.id)) > 0 ? new Date() : undefined;
        if (archivedAt) {
          await archiveOffering(tx, row.pivot.id, archivedAt);
          if (special) await archiveSpecialPuja(tx, row.puja.id, archivedAt);
        } else {
          await deleteOffering(tx, row.pivot.id);
          if (special) await deleteSpecialPuja(tx, row.puja.id, row.pivot.monasteryId);
        }
        // One entry for the offering; a special puja goes (or is archived) with it.
        await recordAudit(tx, {
          actor: staff,
          action: archivedAt ? 'archive' : 'delete',
          subject: 'monastery_puja',
          subjectId: row.pivot.id,
          before: offeringAuditFields(current.pivot, current.puja.name),
          after: archivedAt ? { archived_at: archivedAt.toISOString() } : null,
        });
      });
      await catalogueChanged();
      return list(staff);
    },

    async createSpecial(staff: Viewer, input: SpecialPujaInput): Promise<MonasteryPujasResponse> {
      const monasteryId = monasteryOf(staff);
      const values = await prepareNewItem(
        storage,
        input,
        'puja',
        (slug) => isPujaSlugTaken(db, slug),
        () => refuseTakenName(db, monasteryId, input.name, { field: 'name' }),
      );
      await writeSpecial(input.name, async (tx) => {
        await lockMonasteryForPujaNames(tx, monasteryId);
        await refuseTakenName(tx, monasteryId, input.name, { field: 'name' });
        const puja = await insertSpecialPuja(tx, { ...values, monasteryId });
        const offering = await insertOffering(tx, {
          monasteryId,
          pujaId: puja.id,
          ...priceOf(input),
        });
        await recordAudit(tx, {
          actor: staff,
          action: 'create',
          subject: 'puja',
          subjectId: puja.id,
          before: null,
          after: specialPujaAuditFields(puja, offering),
        });
      });
      await catalogueChanged();
      return list(staff);
    },

    async getSpecial(staff: Viewer, pivotId: number) {
      return { selectedPuja: withPivot(specialOf(staff, await ownOffering(staff, pivotId))) };
    },

    /** Edits a special puja; its picture is replaced only when a new one is sent. Its slug stays stable. */
    async updateSpecial(
      staff: Viewer,
      pivotId: number,
      input: SpecialPujaInput,
    ): Promise<MonasteryPujasResponse> {
      const row = specialOf(staff, await ownOffering(staff, pivotId));
      const nameCheck = { exceptPujaId: row.puja.id, field: 'name' } as const;
      const changes = await prepareItemUpdate(storage, input, row.puja, () =>
        refuseTakenName(db, row.pivot.monasteryId, input.name, nameCheck),
      );
      await writeSpecial(input.name, async (tx) => {
        await lockMonasteryForPujaNames(tx, row.pivot.monasteryId);
        await refuseTakenName(tx, row.pivot.monasteryId, input.name, nameCheck);
        // A special puja belongs to this monastery alone: locking it too queues nobody else.
        const current = await lockedOffering(tx, row.pivot.id, { strength: 'no key update', lockPuja: true });
        await refuseStaleVersion(tx, current.puja, input.version, {
          type: 'puja',
          id: row.puja.id,
          actions: ['update'],
        });
        const puja = await updateSpecialPujaRow(tx, row.puja.id, changes);
        const offering = await setOfferingPrice(tx, row.pivot.id, priceOf(input, current.pivot));
        await recordAudit(tx, {
          actor: staff,
          action: 'update',
          subject: 'puja',
          subjectId: row.puja.id,
          ...changedFields(
            specialPujaAuditFields(current.puja, current.pivot),
            specialPujaAuditFields(puja, offering),
          ),
        });
      });
      await catalogueChanged();
      return list(staff);
    },
  };
}

export type MonasteryCatalogueService = ReturnType<typeof createMonasteryCatalogueService>;

/** A form's price and pricing as the offering's columns keep them (docs/decisions/054). */
type PriceRequest = OfferingPricingFields & { cost: number };
/**
 * A form's price and pricing as the offering's columns keep them: a form without `pricing` (a change of
 * price alone) keeps the offering's current pricing; a new offering without it is at one price.
 */
function priceOf(request: PriceRequest, current?: typeof monasteryPujas.$inferSelect): OfferingPrice {
  const costPaisa = rupeesToPaisa(request.cost);
  // The plans offered: as the form says, else as they are (none for a new offering).
  const planKinds = request.plan_kinds ?? current?.planKinds ?? [];
  // The 49 days' own schedule likewise: null (the 7th … 49th) when the form clears it (docs/decisions/059).
  const planSchedule =
    request.plan_schedule === undefined ? (current?.planSchedule ?? null) : request.plan_schedule;
  // Whether they may be paid each (docs/decisions/058): as the form says, else as it is.
  const planPayEach = request.plan_pay_each ?? current?.planPayEach ?? false;
  const plans = { planKinds, planSchedule, planPayEach };
  if (request.pricing === undefined && current) {
    const { pricing, unitNames, quantities, minQuantity, maxQuantity } = current;
    return { costPaisa, pricing, unitNames, quantities, minQuantity, maxQuantity, ...plans };
  }
  return { costPaisa, ...pricingColumnsOf(request), ...plans };
}

function pricingRowOf(pivot: typeof monasteryPujas.$inferSelect): OfferingPricingRow {
  return {
    kind: pivot.pricing,
    unitNames: pivot.unitNames,
    quantities: pivot.quantities,
    minQuantity: pivot.minQuantity,
    maxQuantity: pivot.maxQuantity,
  };
}

/** An offering's price and pricing as an audit entry records them. */
function priceAuditFields(pivot: typeof monasteryPujas.$inferSelect): AuditFields {
  const pricing = toOfferingPricing(pricingRowOf(pivot));
  return {
    cost: paisaToRupees(pivot.costPaisa),
    pricing: pricing.kind,
    plan_kinds: pivot.planKinds.join(', '),
    plan_schedule: pivot.planSchedule?.join(', ') ?? null,
    plan_pay_each: pivot.planPayEach,
    ...(pricing.kind === 'per_unit'
      ? {
          unit: pricing.unit?.en ?? null,
          quantities: pricing.quantities?.join(', ') ?? null,
          min_quantity: pricing.min_quantity,
          max_quantity: pricing.max_quantity,
        }
      : {}),
  };
}

/** What an audit entry records of an offering; the puja's name keeps the entry readable once it is gone. */
function offeringAuditFields(pivot: typeof monasteryPujas.$inferSelect, pujaName: string): AuditFields {
  return {
    monastery_id: pivot.monasteryId,
    puja_id: pivot.pujaId,
    puja_name: pujaName,
    ...priceAuditFields(pivot),
  };
}

function specialPujaAuditFields(
  puja: typeof pujas.$inferSelect,
  pivot: typeof monasteryPujas.$inferSelect,
): AuditFields {
  return {
    ...catalogueItemAuditFields(puja),
    monastery_id: puja.monasteryId,
    ...priceAuditFields(pivot),
  };
}
