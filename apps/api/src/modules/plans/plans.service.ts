import {
  addDays,
  type CreatePlanFields,
  isCalendarDate,
  OWN_PLANS_LIMIT,
  PAY_EACH_DAYS_BEFORE,
  PLAN_MONTHS_MAX,
  PLAN_YEARS_MAX,
  type Plan,
  type PlanKind,
  paisaToRupees,
  planDays,
  rupeesToPaisa,
  startOfBusinessDay,
  todayIn,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { reencodeImage } from '../../integrations/storage/image-processing.ts';
import type { UrlSigner } from '../../integrations/storage/signed-urls.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import type { OrderDaysService } from '../order-days/order-days.service.ts';
import { insertWithNewNumbers, type OrdersService } from '../orders/orders.service.ts';
import { findOrderableOffering, insertOrderNames, insertOrderOnce } from '../orders/orders.shared-queries.ts';
import { departedPhotoUrl, isCurrentDepartedPhoto, newDepartedPhotoKey } from './departed-photos.ts';
import {
  findDepartedPhotoKey,
  findPlan,
  insertPlanOnce,
  listOrdersOfPlans,
  listPlansOfUser,
  markPlanCancelled,
  markPlanPaused,
  markPlanResumed,
  type PlanRow,
  pauseOccurrences,
  replaceDepartedPhoto,
  resumeOccurrence,
} from './plans.queries.ts';

type NewPlan = CreatePlanFields;

const NOT_FOR_THE_DEPARTED = 'Only a plan for someone who has died takes their photo.';

/**
 * Dedication plans (docs/decisions/055): a puja on several days, each day an order of its own. The plan
 * places them together, shows them together, and ends the ones not yet approved; everything else (paying,
 * approving, re-dating, completing, refunds) is each order's, by the orders' rules.
 */
export function createPlansService(dependencies: {
  db: Database;
  businessTimeZone: string;
  /** Hours an unpaid order waits for its payment (a pay-each occurrence at least this long). */
  paymentWindowHours: number;
  orders: Pick<OrdersService, 'toOrders' | 'whyNotPayable' | 'cancelPending' | 'tellCancelled'>;
  orderDays: Pick<OrderDaysService, 'dayRefusal'>;
  /** The private area the departed's photo is kept in (docs/decisions/060). */
  storage: FileStorage;
  /** Signs `/api/departed-photos/{plan}/{photo}`. */
  departedPhotoUrls: UrlSigner;
}) {
  const { db, businessTimeZone, orders, storage, departedPhotoUrls } = dependencies;

  /** The days of a new plan from what the patron chose, refused with the field to put right. */
  function daysOf(request: NewPlan, today: string, schedule: number[] | null): string[] {
    const byMonth = request.kind === 'monthly' || request.kind === 'tibetan_day';
    const count = request.count ?? (byMonth ? PLAN_MONTHS_MAX : 1);
    const required: Record<PlanKind, [string, boolean, string]> = {
      forty_nine_days: [
        'departed',
        !!request.departed,
        'The 49 days count from the date of death: give the name and the date of death.',
      ],
      monthly: ['day_of_month', request.day_of_month !== undefined, 'Choose a day of the month.'],
      tibetan_day: ['lunar_day', request.lunar_day !== undefined, 'Choose a lunar day.'],
      yearly: [
        'anniversary',
        !!request.anniversary && isCalendarDate(request.anniversary),
        'Choose the anniversary.',
      ],
    };
    const [field, given, message] = required[request.kind];
    if (!given) throw invalid(field, message);
    const death = request.departed?.date_of_death;
    if (death !== undefined && (!isCalendarDate(death) || death > today))
      throw invalid('departed', 'The date of death cannot be later than today.');
    const most = request.kind === 'yearly' ? PLAN_YEARS_MAX : PLAN_MONTHS_MAX;
    if (count > most) throw invalid('count', apiMessage('planAtMostOccurrences', { count: most }));
    const days = planDays(
      {
        kind: request.kind,
        dateOfDeath: death,
        dayOfMonth: request.day_of_month,
        anniversary: request.anniversary,
        lunarDay: request.lunar_day,
        count,
      },
      today,
      schedule,
    );
    if (days.length === 0)
      throw invalid('departed', 'All the days of this plan have passed. Please order a puja on its own.');
    return days;
  }

  /**
   * When a pay-each occurrence on `day` is due (docs/decisions/058): the start of the day
   * PAY_EACH_DAYS_BEFORE days before it in Nepal, so the monastery knows a few days ahead; but never less
   * than the payment window from `from` (placing or resuming), so an occurrence close at hand gets the time
   * any order gets. (Its day's end still caps it: `payBy` in the orders' service.)
   */
  function payEachDue(day: string, from: Date): Date {
    const dayBefore = Date.parse(startOfBusinessDay(addDays(day, -PAY_EACH_DAYS_BEFORE), businessTimeZone));
    return new Date(Math.max(dayBefore, from.getTime() + dependencies.paymentWindowHours * 3_600_000));
  }

  /** The plans as the patron sees them: each with its occurrences as orders (two queries for all). */
  async function toPlans(plans: PlanRow[]): Promise<Plan[]> {
    const rows = await listOrdersOfPlans(
      db,
      plans.map((plan) => plan.id),
    );
    const occurrences = await orders.toOrders(db, rows);
    const unavailable = await unavailableOccurrences(rows);
    const paused = new Set(
      rows
        .filter(
          (row) =>
            row.order.pausedAt && row.order.status === 'pending' && row.order.paymentStatus !== 'Completed',
        )
        .map((row) => row.order.id),
    );
    return plans.map((plan) => {
      const own = occurrences.filter((order) => order.plan?.id === plan.id);
      const first = rows.find((row) => row.order.planId === plan.id);
      const open = own.some((order) => order.status === 'pending' || order.status === 'approved');
      return {
        id: plan.id,
        kind: plan.kind,
        status: plan.cancelledAt ? 'cancelled' : open ? 'active' : 'finished',
        monastery_puja: first
          ? { id: first.order.monasteryPujaId, monastery: first.monastery, puja: first.puja }
          : own[0]!.monastery_puja,
        departed:
          plan.departedName && plan.dateOfDeath
            ? {
                name: plan.departedName,
                date_of_death: plan.dateOfDeath,
                photo_url: departedPhotoUrl(departedPhotoUrls, plan.id, plan.departedPhotoKey),
              }
            : null,
        day_of_month: plan.dayOfMonth,
        anniversary: plan.anniversary,
        lunar_day: plan.lunarDay,
        amount_each: paisaToRupees(plan.amountEachPaisa),
        amount_to_pay: paisaToRupees(
          rows
            .filter((row) => row.order.planId === plan.id && !orders.whyNotPayable(row.order))
            .reduce((sum, row) => sum + row.order.amountPaisa, 0),
        ),
        created_at: plan.createdAt.toISOString(),
        pay_each: plan.payEach,
        paused_at: plan.pausedAt?.toISOString() ?? null,
        occurrences: own.map((order) => ({
          occurrence: order.plan!.occurrence,
          day_unavailable: unavailable.has(order.id),
          paused: paused.has(order.id),
          order,
        })),
      };
    });
  }

  /**
   * The occurrences still to come whose day the monastery does not take (closed, or full without them):
   * the patron is told its staff will choose another day near it, as they re-date any order.
   */
  async function unavailableOccurrences(rows: Awaited<ReturnType<typeof listOrdersOfPlans>>) {
    const today = todayIn(businessTimeZone);
    const open = rows.filter(
      (row) =>
        (row.order.status === 'pending' || row.order.status === 'approved') &&
        row.order.pujaDate >= today &&
        !row.order.pausedAt,
    );
    const unavailable = new Set<number>();
    if (open.length === 0) return unavailable;
    // Read only: the day's lock a claim takes is not needed to say what the day looks like now.
    await db.transaction(
      async (tx) => {
        for (const { order } of open) {
          const refusal = await dependencies.orderDays.dayRefusal(tx, {
            monasteryId: order.monasteryId,
            monasteryPujaId: order.monasteryPujaId,
            day: order.pujaDate,
            orderId: order.id,
            asker: 'staff',
          });
          if (refusal) unavailable.add(order.id);
        }
      },
      { accessMode: 'read only' },
    );
    return unavailable;
  }

  /** The patron's own plan; anyone else's is refused. */
  async function ownPlan(patron: Viewer, planId: number): Promise<PlanRow> {
    const plan = await findPlan(db, planId);
    if (!plan) throw new AppError('notFound', 'Plan not found.');
    if (plan.userId !== patron.id) throw new AppError('forbidden', 'This plan is not yours to see.');
    return plan;
  }

  /** The patron's own plan for someone who has died: only such a plan takes their photo. */
  async function ownPlanForDeparted(patron: Viewer, planId: number): Promise<PlanRow> {
    const plan = await ownPlan(patron, planId);
    if (!plan.departedName) throw new AppError('conflict', NOT_FOR_THE_DEPARTED);
    return plan;
  }

  async function planOf(plan: PlanRow): Promise<Plan> {
    const [shown] = await toPlans([plan]);
    return shown!;
  }

  return {
    /** Refuses, before the file is received, a photo that cannot be kept (the route's `beforeFiles`). */
    async checkDepartedPhotoUploadable(patron: Viewer, planId: number): Promise<void> {
      await ownPlanForDeparted(patron, planId);
    },

    /**
     * Adds or replaces the departed's photo: judged by its bytes and re-encoded as completion photos are
     * (no camera data kept), stored privately, then the plan points at it; the photo it replaces is
     * removed once nothing points at it.
     */
    async setDepartedPhoto(patron: Viewer, planId: number, file: unknown): Promise<Plan> {
      await ownPlanForDeparted(patron, planId);
      if (file === undefined || file === '')
        throw new AppError('invalidInput', 'Choose a photo.', { photo: ['Choose a photo.'] });
      const photo = await reencodeImage(file);
      const key = newDepartedPhotoKey(planId);
      await storage.savePrivate(key, photo.bytes);
      let replaced: Awaited<ReturnType<typeof replaceDepartedPhoto>>;
      try {
        replaced = await db.transaction((tx) => replaceDepartedPhoto(tx, planId, key));
      } catch (error) {
        await storage.deletePrivate(key).catch(() => undefined);
        throw error;
      }
      if (replaced === 'noDeparted') {
        await storage.deletePrivate(key).catch(() => undefined);
        throw new AppError('conflict', NOT_FOR_THE_DEPARTED);
      }
      if (replaced?.previous) await storage.deletePrivate(replaced.previous).catch(() => undefined);
      return planOf((await findPlan(db, planId))!);
    },

    /** Removes the departed's photo, its file too; a plan without one is answered as it is. */
    async removeDepartedPhoto(patron: Viewer, planId: number): Promise<Plan> {
      await ownPlan(patron, planId);
      const replaced = await db.transaction((tx) => replaceDepartedPhoto(tx, planId, null));
      if (typeof replaced === 'object' && replaced.previous)
        await storage.deletePrivate(replaced.previous).catch(() => undefined);
      return planOf((await findPlan(db, planId))!);
    },

    /** The photo's bytes (WebP) when the signed link is good and still names the plan's photo. */
    async signedDepartedPhoto(
      planId: number,
      photo: string,
      expires: number,
      signature: string,
    ): Promise<Buffer> {
      if (!departedPhotoUrls.verify(`/api/departed-photos/${planId}/${photo}`, expires, signature))
        throw new AppError('forbidden', 'This link has expired. Open the page again for a fresh one.');
      const key = await findDepartedPhotoKey(db, planId);
      const bytes = isCurrentDepartedPhoto(key, planId, photo) ? await storage.readPrivate(key!) : undefined;
      if (!bytes) throw new AppError('notFound', 'Photo not found.');
      return bytes;
    },

    /**
     * Places a plan at the monastery's current price: the plan and an order for each of its days, with
     * the names (the departed first), in one transaction. An occurrence whose day is closed or full is
     * placed all the same: the family's days are the ones that matter, and the staff re-date it.
     */
    async placePlan(patron: Viewer, request: NewPlan): Promise<Plan> {
      const offering = await findOrderableOffering(db, request.monastery, request.puja);
      if (!offering) throw invalid('puja', 'This monastery does not offer this puja at the moment.');
      if (!offering.planKinds.includes(request.kind))
        throw invalid('kind', 'This monastery does not offer this puja as this plan.');
      if (request.pay_each && !offering.planPayEach)
        throw invalid('pay_each', apiMessage('planPayEachNotAllowed', {}));
      if (rupeesToPaisa(request.cost) !== offering.costPaisa)
        throw invalid('cost', apiMessage('priceChanged', { amount: paisaToRupees(offering.costPaisa) }));
      const days = daysOf(request, todayIn(businessTimeZone), offering.planSchedule);
      const departed = request.departed ?? null;
      const names = [
        ...(departed && !request.names.some((entry) => entry.name === departed.name)
          ? [{ name: departed.name, departed: true }]
          : []),
        ...request.names,
      ];
      const key = request.idempotency_key ?? crypto.randomUUID();
      const now = new Date();
      const placed = await insertWithNewNumbers(days.length, (numbers) =>
        db.transaction(async (tx) => {
          const plan = await insertPlanOnce(tx, {
            userId: patron.id,
            monasteryPujaId: offering.pivotId,
            monasteryId: offering.monastery.id,
            kind: request.kind,
            departedName: departed?.name ?? null,
            dateOfDeath: departed?.date_of_death ?? null,
            dayOfMonth: request.kind === 'monthly' ? (request.day_of_month ?? null) : null,
            anniversary: request.kind === 'yearly' ? (request.anniversary ?? null) : null,
            lunarDay: request.kind === 'tibetan_day' ? (request.lunar_day ?? null) : null,
            amountEachPaisa: offering.costPaisa,
            payEach: request.pay_each,
            idempotencyKey: key,
          });
          if (!('inserted' in plan)) return plan.existingId;
          for (const [index, day] of days.entries()) {
            const order = await insertOrderOnce(tx, {
              number: numbers[index]!,
              userId: patron.id,
              monasteryPujaId: offering.pivotId,
              monasteryId: offering.monastery.id,
              pujaDate: day,
              intention: request.intention ?? null,
              amountPaisa: offering.costPaisa,
              paymentType: request.payment,
              idempotencyKey: `${key}-${index + 1}`,
              planId: plan.inserted.id,
              planOccurrence: index + 1,
              payBy: request.pay_each ? payEachDue(day, now) : null,
            });
            if ('inserted' in order) await insertOrderNames(tx, order.inserted.id, names);
          }
          return plan.inserted.id;
        }),
      );
      return planOf((await findPlan(db, placed))!);
    },

    async listOwnPlans(patron: Viewer): Promise<{ plans: Plan[] }> {
      return { plans: await toPlans(await listPlansOfUser(db, patron.id, OWN_PLANS_LIMIT)) };
    },

    async getPlan(patron: Viewer, planId: number): Promise<Plan> {
      return planOf(await ownPlan(patron, planId));
    },

    /**
     * Skips one occurrence: its order is cancelled by the patron's rule for any order (until the monastery
     * approves it), and its share of a payment refunded.
     */
    async skipOccurrence(patron: Viewer, planId: number, orderId: number): Promise<Plan> {
      const plan = await ownPlan(patron, planId);
      const [row] = (await listOrdersOfPlans(db, [planId])).filter((row) => row.order.id === orderId);
      if (!row) throw new AppError('notFound', 'This occurrence is not part of this plan.');
      await db.transaction(async (tx) => {
        const kept = await orders.cancelPending(tx, patron, orderId);
        await orders.tellCancelled(tx, row, kept?.amountPaisa);
      });
      return planOf(plan);
    },

    /**
     * Ends a plan: every occurrence not yet approved is cancelled and its share refunded, in one
     * transaction; the approved ones stay, as the monastery has prepared them (the patron can write to it).
     * The patron is told once.
     */
    async cancelPlan(patron: Viewer, planId: number): Promise<Plan> {
      const plan = await ownPlan(patron, planId);
      const rows = await listOrdersOfPlans(db, [planId]);
      await db.transaction(async (tx) => {
        if (!(await markPlanCancelled(tx, planId)))
          throw new AppError('conflict', 'This plan has already been cancelled.');
        let refunded = 0;
        const cancelled = [];
        for (const row of rows.filter((row) => row.order.status === 'pending')) {
          const kept = await orders.cancelPending(tx, patron, row.order.id);
          refunded += kept?.amountPaisa ?? 0;
          cancelled.push(row);
        }
        if (cancelled[0]) await orders.tellCancelled(tx, cancelled[0], refunded || undefined);
      });
      return planOf((await findPlan(db, plan.id))!);
    },

    /**
     * Pauses a plan paid each (docs/decisions/058): its unpaid occurrences still pending stop being due,
     * hold none of the monastery's places and are not reminded; paid and approved ones go on. A plan paid
     * whole has nothing to pause (its occurrences are paid), so it is refused. Pausing a paused plan
     * answers it as it is.
     */
    async pausePlan(patron: Viewer, planId: number): Promise<Plan> {
      const plan = await ownPlan(patron, planId);
      if (!plan.payEach) throw new AppError('conflict', apiMessage('planPausePaysEachOnly', {}));
      if (plan.cancelledAt) throw new AppError('conflict', apiMessage('planAlreadyCancelled', {}));
      await db.transaction(async (tx) => {
        if (await markPlanPaused(tx, planId)) await pauseOccurrences(tx, planId);
      });
      return planOf((await findPlan(db, planId))!);
    },

    /**
     * Resumes a paused plan: each paused occurrence whose day has not passed is due again, by the pay-each
     * rule counted from now, and holds its place again (a day that filled meanwhile shows as unavailable,
     * for the staff to re-date, as at placing). One whose day passed while paused has expired.
     */
    async resumePlan(patron: Viewer, planId: number): Promise<Plan> {
      const plan = await ownPlan(patron, planId);
      if (plan.cancelledAt) throw new AppError('conflict', apiMessage('planAlreadyCancelled', {}));
      const today = todayIn(businessTimeZone);
      const now = new Date();
      await db.transaction(async (tx) => {
        if (!(await markPlanResumed(tx, planId))) return;
        const rows = await listOrdersOfPlans(tx, [planId]);
        for (const { order } of rows)
          if (order.pausedAt && order.status === 'pending' && order.pujaDate >= today)
            await resumeOccurrence(tx, order.id, payEachDue(order.pujaDate, now));
      });
      return planOf((await findPlan(db, planId))!);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;

function invalid(field: string, message: string): AppError {
  return new AppError('invalidInput', message, { [field]: [message] });
}
