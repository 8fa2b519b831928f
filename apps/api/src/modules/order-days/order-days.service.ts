import {
  addDays,
  CLOSURE_MAX_DAYS,
  CLOSURES_MAX,
  type CreateClosureRequest,
  type OrderDaySettings,
  todayIn,
  UNAVAILABLE_DAYS_MAX_RANGE,
  type UnavailableDay,
  type UnavailableDaysResponse,
} from '@puja/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { monasteryPujas } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseStaleVersion } from '../../lib/record-version.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type ClosureRow,
  countOpenClosures,
  countPlacesByDay,
  deleteClosureRow,
  ensureOrderDaySettings,
  findMonasteryForOrderDays,
  findOfferingCapacity,
  findOrderDaySettings,
  insertClosure,
  listClosuresOverlapping,
  listPujaCapacities,
  lockMonasteryDay,
  type OrderDaySettingsRow,
  setPujaCapacity,
  updateOrderDaySettingsRow,
} from './order-days.queries.ts';

/** Who asks for a day: a patron ordering is held to the cut-off; staff re-dating their own order are not. */
type Asker = 'patron' | 'staff';

type DayClaim = {
  monasteryId: number;
  monasteryPujaId: number;
  day: string;
  /** The order taking the day, already written with it: the places of the others are counted. */
  orderId: number;
  asker: Asker;
};

interface DayRules {
  settings: OrderDaySettingsRow | undefined;
  closures: ClosureRow[];
  pujaCapacity: number | null;
  places: Map<string, { taken: number; takenForPuja: number }>;
}

/**
 * Which days a monastery takes orders for (docs/decisions/040): closed days, a daily capacity for the
 * monastery and for each of its pujas, and a cut-off for tomorrow's pujas, in the business time zone.
 * `claimDay` is what placing and re-dating call inside their transaction; the order form reads the same
 * rules through `unavailableDays`.
 */
export function createOrderDaysService(dependencies: {
  db: Database;
  businessTimeZone: string;
  /** Hours an unpaid order holds its place while it waits for its payment (ORDER_PAYMENT_WINDOW_HOURS). */
  paymentWindowHours: number;
  /** The clock (tests move it past a cut-off). */
  now?: () => Date;
}) {
  const { db, businessTimeZone, paymentWindowHours } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const clockFormat = new Intl.DateTimeFormat('en-GB', {
    timeZone: businessTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

  /** A monastery's rules for days: its settings, the closures over from..to, and the puja's capacity. */
  async function limitsFor(
    executor: Executor,
    filter: { monasteryId: number; from: string; to: string; monasteryPujaId?: number | undefined },
  ): Promise<Omit<DayRules, 'places'>> {
    // One after another: inside a transaction the executor is one connection, which runs one query at a time.
    const settings = await findOrderDaySettings(executor, filter.monasteryId);
    const closures = await listClosuresOverlapping(executor, filter.monasteryId, filter.from, filter.to);
    const offering =
      filter.monasteryPujaId === undefined
        ? undefined
        : await findOfferingCapacity(executor, filter.monasteryPujaId);
    return { settings, closures, pujaCapacity: offering?.dailyCapacity ?? null };
  }

  /** The places taken on each day from..to, for the monastery and for the puja. */
  async function placesFor(
    executor: Executor,
    filter: {
      monasteryId: number;
      from: string;
      to: string;
      monasteryPujaId?: number | undefined;
      exceptOrderId?: number;
    },
  ): Promise<DayRules['places']> {
    const counts = await countPlacesByDay(executor, { ...filter, windowHours: paymentWindowHours });
    return new Map(counts.map(({ day, ...places }) => [day, places]));
  }

  /** Why a day is not offered, with the words to say so, or undefined when it is. */
  function whyNot(
    rules: DayRules,
    day: string,
    asker: Asker,
  ): (UnavailableDay & { text: string }) | undefined {
    const closure = rules.closures.find((closed) => closed.firstDay <= day && day <= closed.lastDay);
    if (closure)
      return {
        date: day,
        reason: 'closed',
        message: closure.message,
        text: apiMessage('dayClosed', { reason: closure.message }),
      };
    const cutoff = rules.settings?.cutoffTime;
    if (asker === 'patron' && cutoff) {
      const today = todayIn(businessTimeZone, now());
      const tooLate = day <= today || (day === addDays(today, 1) && clockFormat.format(now()) >= cutoff);
      if (tooLate)
        return {
          date: day,
          reason: 'cutoff',
          message: null,
          text: apiMessage('pastCutoff', { time: cutoff }),
        };
    }
    const places = rules.places.get(day) ?? { taken: 0, takenForPuja: 0 };
    const capacity = rules.settings?.dailyCapacity;
    if (capacity != null && places.taken >= capacity)
      return { date: day, reason: 'full', message: null, text: apiMessage('dayFull', {}) };
    if (rules.pujaCapacity !== null && places.takenForPuja >= rules.pujaCapacity)
      return { date: day, reason: 'full', message: null, text: apiMessage('pujaDayFull', {}) };
    return undefined;
  }

  async function readableMonastery(viewer: Viewer, monasteryId: number) {
    if (viewer.role === 'monastery' && viewer.monastery_id !== monasteryId)
      throw new AppError('forbidden', 'These are another monastery’s settings.');
    const monastery = await findMonasteryForOrderDays(db, monasteryId);
    if (!monastery) throw new AppError('notFound', 'Monastery not found.');
    return monastery;
  }

  async function settingsOf(executor: Executor, monasteryId: number): Promise<OrderDaySettings> {
    const today = todayIn(businessTimeZone, now());
    const [settings, pujas, closures] = await Promise.all([
      findOrderDaySettings(executor, monasteryId),
      listPujaCapacities(executor, monasteryId),
      listClosuresOverlapping(executor, monasteryId, today, addDays(today, 10 * 366)),
    ]);
    return {
      monastery_id: monasteryId,
      daily_capacity: settings?.dailyCapacity ?? null,
      cutoff_time: settings?.cutoffTime ?? null,
      pujas: pujas.map((puja) => ({
        puja_id: puja.pujaId,
        name: puja.name,
        daily_capacity: puja.dailyCapacity,
      })),
      closures: closures.map((closure) => ({
        id: closure.id,
        first_day: closure.firstDay,
        last_day: closure.lastDay,
        message: closure.message,
      })),
      // No row yet: version 1, what the first save's row starts at.
      version: settings?.version ?? 1,
      updated_at: settings?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    /**
     * Takes a day for an order inside the transaction that wrote it with that day: the monastery-day's
     * lock, then the other orders counted under it (a statement after the lock sees every order committed
     * before it), so of many requests for a day's last place exactly one fits. Refused with 422 and the
     * reason on the `date` field; the caller's transaction is undone.
     */
    async claimDay(tx: Transaction, request: DayClaim): Promise<void> {
      const refusal = await this.dayRefusal(tx, request);
      if (refusal) throw new AppError('invalidInput', refusal.text, { date: [refusal.text] });
    },

    /**
     * `claimDay`'s judgement without the refusal: why the day is not offered, or undefined. A plan's
     * occurrence keeps its day when it is closed or full, and the monastery's staff re-date it
     * (docs/decisions/055).
     */
    async dayRefusal(tx: Transaction, request: DayClaim) {
      const filter = {
        monasteryId: request.monasteryId,
        from: request.day,
        to: request.day,
        monasteryPujaId: request.monasteryPujaId,
        exceptOrderId: request.orderId,
      };
      const limits = await limitsFor(tx, filter);
      const rules: DayRules = { ...limits, places: new Map() };
      // Only a capacity needs the day's other orders counted under the lock. Without one (most
      // monasteries) a festival day's orders go in side by side instead of one at a time
      // (`npm run bench:orders` places them all on one day).
      if (limits.settings?.dailyCapacity != null || limits.pujaCapacity !== null) {
        await lockMonasteryDay(tx, request.monasteryId, request.day);
        rules.places = await placesFor(tx, filter);
      }
      return whyNot(rules, request.day, request.asker);
    },

    /** The order form's read: the days from..to (at most 93, none before today) not offered, and why. */
    async unavailableDays(
      monasteryId: number,
      query: { from: string; to: string; puja?: number | undefined },
    ): Promise<UnavailableDaysResponse> {
      const monastery = await findMonasteryForOrderDays(db, monasteryId);
      if (monastery?.status !== 1) throw new AppError('notFound', 'Monastery not found.');
      if (query.to > addDays(query.from, UNAVAILABLE_DAYS_MAX_RANGE - 1)) {
        const message = `Ask for at most ${UNAVAILABLE_DAYS_MAX_RANGE} days at once.`;
        throw new AppError('invalidInput', message, { to: [message] });
      }
      const today = todayIn(businessTimeZone, now());
      const from = query.from < today ? today : query.from;
      const [offering] =
        query.puja === undefined
          ? []
          : await db
              .select({ id: monasteryPujas.id })
              .from(monasteryPujas)
              .where(
                and(
                  eq(monasteryPujas.monasteryId, monasteryId),
                  eq(monasteryPujas.pujaId, query.puja),
                  isNull(monasteryPujas.archivedAt),
                ),
              );
      const days: UnavailableDay[] = [];
      if (from <= query.to) {
        const filter = { monasteryId, from, to: query.to, monasteryPujaId: offering?.id };
        const [limits, places] = await Promise.all([limitsFor(db, filter), placesFor(db, filter)]);
        const rules: DayRules = { ...limits, places };
        for (let day = from; day <= query.to; day = addDays(day, 1)) {
          const refusal = whyNot(rules, day, 'patron');
          if (refusal) days.push({ date: refusal.date, reason: refusal.reason, message: refusal.message });
        }
      }
      const settings = await findOrderDaySettings(db, monasteryId);
      return { from: query.from, to: query.to, cutoff_time: settings?.cutoffTime ?? null, days };
    },

    async getSettings(viewer: Viewer, monasteryId: number): Promise<OrderDaySettings> {
      await readableMonastery(viewer, monasteryId);
      return settingsOf(db, monasteryId);
    },

    /** Capacity, each puja's capacity and the cut-off, saved from the version they were read at. */
    async updateSettings(
      viewer: Viewer,
      monasteryId: number,
      request: {
        daily_capacity: number | null;
        cutoff_time: string | null;
        pujas: { puja_id: number; daily_capacity: number | null }[];
        version: number;
      },
    ): Promise<OrderDaySettings> {
      await readableMonastery(viewer, monasteryId);
      await db.transaction(async (tx) => {
        await ensureOrderDaySettings(tx, monasteryId);
        const current = (await findOrderDaySettings(tx, monasteryId, 'update'))!;
        await refuseStaleVersion(tx, current, request.version, {
          type: 'monastery',
          id: monasteryId,
          actions: ['set-order-days'],
        });
        const offered = await listPujaCapacities(tx, monasteryId);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [index, change] of request.pujas.entries()) {
          const offering = offered.find((puja) => puja.pujaId === change.puja_id);
          if (!offering) {
            const message = 'This monastery does not offer this puja.';
            throw new AppError('invalidInput', message, { [`pujas.${index}.puja_id`]: [message] });
          }
          if (offering.dailyCapacity === change.daily_capacity) continue;
          before[`puja_${change.puja_id}_daily_capacity`] = offering.dailyCapacity;
          after[`puja_${change.puja_id}_daily_capacity`] = change.daily_capacity;
          await setPujaCapacity(tx, offering.pivotId, change.daily_capacity);
        }
        const updated = await updateOrderDaySettingsRow(tx, monasteryId, {
          dailyCapacity: request.daily_capacity,
          cutoffTime: request.cutoff_time,
        });
        await recordAudit(tx, {
          actor: viewer,
          action: 'set-order-days',
          subject: 'monastery',
          subjectId: monasteryId,
          before: { daily_capacity: current.dailyCapacity, cutoff_time: current.cutoffTime, ...before },
          after: { daily_capacity: updated.dailyCapacity, cutoff_time: updated.cutoffTime, ...after },
        });
      });
      return settingsOf(db, monasteryId);
    },

    /**
     * Closes days to new orders, with the message patrons read. Orders already on those days stay: the
     * staff decide about each (re-date or decline), as they would for any day they cannot keep.
     */
    async createClosure(
      viewer: Viewer,
      monasteryId: number,
      request: Required<CreateClosureRequest>,
    ): Promise<OrderDaySettings> {
      await readableMonastery(viewer, monasteryId);
      const today = todayIn(businessTimeZone, now());
      const invalid = (field: string, message: string) =>
        new AppError('invalidInput', message, { [field]: [message] });
      if (request.first_day < today) throw invalid('first_day', 'The first day cannot be before today.');
      if (request.last_day > addDays(request.first_day, CLOSURE_MAX_DAYS - 1))
        throw invalid('last_day', `Close at most ${CLOSURE_MAX_DAYS} days at once.`);
      await db.transaction(async (tx) => {
        await ensureOrderDaySettings(tx, monasteryId);
        // The settings row's lock keeps two closures from both slipping under the limit.
        await findOrderDaySettings(tx, monasteryId, 'update');
        if ((await countOpenClosures(tx, monasteryId, today)) >= CLOSURES_MAX)
          throw invalid(
            'first_day',
            `A monastery keeps at most ${CLOSURES_MAX} closures; remove an old one first.`,
          );
        const closure = await insertClosure(tx, {
          monasteryId,
          firstDay: request.first_day,
          lastDay: request.last_day,
          message: request.message,
        });
        await recordAudit(tx, {
          actor: viewer,
          action: 'close-days',
          subject: 'monastery',
          subjectId: monasteryId,
          before: null,
          after: {
            closure_id: closure.id,
            first_day: closure.firstDay,
            last_day: closure.lastDay,
            message: closure.message,
          },
        });
      });
      return settingsOf(db, monasteryId);
    },

    async deleteClosure(viewer: Viewer, monasteryId: number, closureId: number): Promise<OrderDaySettings> {
      await readableMonastery(viewer, monasteryId);
      await db.transaction(async (tx) => {
        const removed = await deleteClosureRow(tx, monasteryId, closureId);
        if (!removed) throw new AppError('notFound', 'These closed days were not found.');
        await recordAudit(tx, {
          actor: viewer,
          action: 'open-days',
          subject: 'monastery',
          subjectId: monasteryId,
          before: {
            closure_id: removed.id,
            first_day: removed.firstDay,
            last_day: removed.lastDay,
            message: removed.message,
          },
          after: null,
        });
      });
      return settingsOf(db, monasteryId);
    },
  };
}

export type OrderDaysService = ReturnType<typeof createOrderDaysService>;
