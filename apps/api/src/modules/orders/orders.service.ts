import { randomInt } from 'node:crypto';
import {
  addDays,
  catalogueText,
  DEFAULT_LANGUAGE,
  formatRupees,
  type GiftInput,
  isCalendarDate,
  LATEST_ORDER_DAYS,
  ORDER_NUMBER_ALPHABET,
  type Order,
  type OrderChoiceProblem,
  type OrderConversationResponse,
  OWN_ORDERS_PAGE_SIZE,
  type OwnOrdersResponse,
  orderAmountOf,
  orderPagePath,
  PAY_EACH_REMINDER_DAYS,
  type PrayerName,
  paisaToRupees,
  rupeesToPaisa,
  startOfBusinessDay,
  todayIn,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { toOfferingPricing } from '../catalogue/offering-pricing.ts';
import { concernDeadline, toConcern } from '../concerns/concern-record.ts';
import { type ConcernRow, listConcernsOfOrders } from '../concerns/concerns.shared-queries.ts';
import { type GiftsService, toOrderGift } from '../gifts/gifts.service.ts';
import { type GiftRow, listGiftsOfOrders } from '../gifts/gifts.shared-queries.ts';
import type { OrderDaysService } from '../order-days/order-days.service.ts';
import { toLinkSummary } from '../payment-links/payment-links.service.ts';
import { listLiveLinksOfOrders, type PaymentLinkRow } from '../payment-links/payment-links.shared-queries.ts';
import { makeRefundDue, refundKeys } from '../payments/money-events.ts';
import { toPayment } from '../payments/payment-record.ts';
import {
  findKeptPayment,
  lockOrder,
  refreshOrderPaymentStatus,
  withRefunds,
} from '../payments/payments.shared-queries.ts';
import { listPlanLabels, type PlanLabel } from '../plans/plans.shared-queries.ts';
import { claimReminder } from '../reminders/reminders.shared-queries.ts';
import { messagesUntil, withinClosedMessageWindow } from './message-window.ts';
import type { OrderNotices } from './order-notices.ts';
import {
  expireUnpaidOrders,
  findOrderableOffering,
  findOrderById,
  insertMessage,
  insertOrderNames,
  insertOrderOnce,
  listImagesOfOrder,
  listMessagesOfOrder,
  listNamesOfOrders,
  listOccurrencesToRemindOfPayment,
  listPatronOrders,
  listReceivedPaymentsOfOrders,
  markOrderCancelled,
  type OrderNameRow,
  type OrderRow,
} from './orders.queries.ts';
import { buildPujaCalendarEvent } from './puja-calendar-event.ts';

export interface NewOrder {
  monastery: number;
  puja: number;
  cost: number;
  /** A per-unit offering's quantity, a "pay what you can" offering's amount (docs/decisions/054). */
  quantity?: number | undefined;
  amount?: number | undefined;
  gift?: GiftInput | undefined;
  date: string;
  payment: 'esewa' | 'khalti';
  names: { name: string; departed: boolean; note?: string | undefined }[];
  intention?: string | undefined;
  idempotency_key?: string | undefined;
}

export function createOrdersService(dependencies: {
  db: Database;
  businessTimeZone: string;
  /** Hours an unpaid order waits for its payment before it expires (never past its puja's day). */
  paymentWindowHours: number;
  notices: OrderNotices;
  /** A short-lived link to a completion photo. */
  imageUrl: (imageId: number) => string;
  /** Days after a puja is performed in which its patron may raise a concern (docs/decisions/036). */
  concernWindowDays: number;
  /** Closed days, capacity and cut-off, checked as the order takes its day (docs/decisions/040). */
  orderDays: Pick<OrderDaysService, 'claimDay'>;
  /** An order's dedication to someone else, kept with it (docs/decisions/054). */
  gifts: Pick<GiftsService, 'checkGift' | 'addGift'>;
}) {
  const { db, businessTimeZone, notices } = dependencies;

  /**
   * Orders as the API shows them, each with the money received for it and its names (one query each for
   * all of them).
   */
  async function toOrders(executor: Executor, rows: OrderRow[]): Promise<Order[]> {
    const ids = rows.map((row) => row.order.id);
    const planIds = [...new Set(rows.flatMap((row) => row.order.planId ?? []))];
    const [payments, names, concerns, gifts, plans, links] = await Promise.all([
      listReceivedPaymentsOfOrders(executor, ids).then((rows) => withRefunds(executor, rows)),
      listNamesOfOrders(executor, ids),
      listConcernsOfOrders(executor, ids),
      listGiftsOfOrders(executor, ids),
      listPlanLabels(executor, planIds),
      listLiveLinksOfOrders(executor, ids),
    ]);
    return rows.map((row) =>
      toOrder(
        row,
        payments.filter((payment) => payment.orderId === row.order.id),
        names.filter((name) => name.orderId === row.order.id),
        concerns.filter((concern) => concern.orderId === row.order.id),
        gifts.find((gift) => gift.orderId === row.order.id),
        links.find((link) => link.orderId === row.order.id),
        plans.find((plan) => plan.id === row.order.planId),
      ),
    );
  }

  function toOrder(
    row: OrderRow,
    payments: Parameters<typeof toPayment>[0][],
    names: OrderNameRow[],
    concerns: ConcernRow[],
    gift: GiftRow | undefined,
    link: PaymentLinkRow | undefined,
    plan?: PlanLabel | undefined,
  ): Order {
    const { order } = row;
    const unpaid = order.status === 'pending' && order.paymentStatus !== 'Completed';
    const concernUntil = concernDeadline(order, concerns, dependencies.concernWindowDays);
    return {
      id: order.id,
      number: order.number,
      version: order.version,
      date: startOfBusinessDay(order.pujaDate, businessTimeZone),
      time: order.pujaTime,
      user_id: order.userId,
      user: row.user,
      monastery_puja: { id: order.monasteryPujaId, monastery: row.monastery, puja: row.puja },
      names: names.map(toPrayerName),
      intention: order.intention,
      payment_type: order.paymentType,
      payment_status: order.paymentStatus,
      transaction_code: order.transactionCode,
      amount: paisaToRupees(order.amountPaisa),
      pricing: order.pricing,
      quantity: order.quantity,
      unit_price: order.unitPricePaisa === null ? null : paisaToRupees(order.unitPricePaisa),
      unit: order.unitNames,
      gift: gift ? toOrderGift(gift) : null,
      status: order.status,
      created_at: order.createdAt.toISOString(),
      // A paused occurrence (docs/decisions/058) is due nowhere until its plan resumes.
      pay_by: unpaid && !order.pausedAt ? payBy(order).toISOString() : null,
      payments: payments.map(toPayment),
      // A link dies with its order's payability (docs/decisions/051): shown only while it can be paid.
      payment_link: link && unpaid ? toLinkSummary(link) : null,
      decline:
        order.status === 'declined' && order.declineReason
          ? { reason: order.declineReason, note: order.declineNote }
          : null,
      messages_until: messagesUntil(order)?.toISOString() ?? null,
      last_message_from: row.lastMessageFrom,
      concerns: concerns.map(toConcern),
      concern_until: concernUntil?.toISOString() ?? null,
      plan:
        plan && order.planOccurrence !== null
          ? {
              id: plan.id,
              kind: plan.kind,
              occurrence: order.planOccurrence,
              occurrences: plan.occurrences,
              departed_name: plan.departedName,
            }
          : null,
    };
  }

  /**
   * When an unpaid order expires (the `expire-orders` job's rule): its payment window's end, or the end of
   * its puja's day in Nepal, whichever comes first.
   */
  function payBy(order: OrderRow['order']): Date {
    // A pay-each occurrence's own due time (docs/decisions/058) replaces the window.
    const windowEnd =
      order.payBy?.getTime() ?? order.createdAt.getTime() + dependencies.paymentWindowHours * 3_600_000;
    const dayEnd = Date.parse(startOfBusinessDay(addDays(order.pujaDate, 1), businessTimeZone));
    return new Date(Math.min(windowEnd, dayEnd));
  }

  /** Why an order cannot be paid now, or undefined when it can (pending, unpaid, not past its window). */
  function whyNotPayable(order: OrderRow['order']): string | undefined {
    if (order.paymentStatus === 'Completed') return 'This order is already paid.';
    const closed: Partial<Record<Order['status'], string>> = {
      approved: 'This order is already paid.',
      completed: 'This order is already paid.',
      declined: 'The monastery declined this order, so it cannot be paid.',
      cancelled: 'This order was cancelled, so it cannot be paid.',
      expired: 'This order was not paid in time and has expired. Please order the puja again.',
    };
    if (closed[order.status]) return closed[order.status];
    if (order.pausedAt) return apiMessage('occurrencePaused', {});
    if (payBy(order).getTime() < Date.now()) return closed.expired;
    return undefined;
  }

  /** A date a puja can still be booked for: a real day, not before today in Nepal, within a year. */
  function checkPujaDate(date: string): void {
    const today = todayIn(businessTimeZone);
    if (!isCalendarDate(date)) throw invalid('date', 'Choose a valid date.');
    if (date < today) throw invalid('date', 'The date cannot be earlier than today.');
    if (date > addDays(today, LATEST_ORDER_DAYS))
      throw invalid('date', 'Choose a date within the next year.');
  }

  /**
   * Cancels the patron's order while it is pending, under its lock (409 once approved or closed); money kept
   * for it becomes a refund due in the same transaction. Answers the payment that was kept, if any.
   */
  async function cancelPending(tx: Transaction, patron: Viewer, orderId: number) {
    const current = await lockOrder(tx, orderId);
    if (current?.status !== 'pending') {
      throw new AppError(
        'conflict',
        current?.status === 'approved'
          ? 'The monastery has already approved this order, so it can no longer be cancelled. Please write to the monastery.'
          : apiMessage('alreadyClosed', { status: current?.status ?? 'closed' }),
      );
    }
    await markOrderCancelled(tx, orderId);
    const kept = await findKeptPayment(tx, orderId);
    if (kept)
      await makeRefundDue(tx, kept.id, {
        reason: 'cancelled',
        key: refundKeys.release(kept.id),
        dueBy: patron.id,
      });
    await refreshOrderPaymentStatus(tx, orderId);
    return kept;
  }

  /** The patron is told of a cancellation, and of the refund of `refundedPaisa` when money was kept. */
  async function tellCancelled(tx: Transaction, row: OrderRow, refundedPaisa: number | undefined) {
    const cancelled = { puja: row.puja.name, monastery: row.monastery.name };
    await notices.tell(
      tx,
      row.order,
      refundedPaisa
        ? {
            key: 'orderCancelledRefund',
            params: { ...cancelled, amount: formatRupees(paisaToRupees(refundedPaisa)) },
          }
        : { key: 'orderCancelled', params: cancelled },
    );
  }

  return {
    cancelPending,
    tellCancelled,
    checkPujaDate,
    toOrders,
    whyNotPayable,
    payBy,

    /**
     * Places an order at the monastery's current price. The price the person saw must be that price: if
     * it changed, they are told and nothing is stored, rather than charged something they did not see.
     */
    async placeOrder(patron: Viewer, request: NewOrder): Promise<Order> {
      checkPujaDate(request.date);
      const offering = await findOrderableOffering(db, request.monastery, request.puja);
      if (!offering) {
        throw invalid('puja', 'This monastery does not offer this puja at the moment.');
      }
      if (rupeesToPaisa(request.cost) !== offering.costPaisa) {
        throw invalid('cost', apiMessage('priceChanged', { amount: paisaToRupees(offering.costPaisa) }));
      }
      const pricing = toOfferingPricing(offering.pricing);
      const priced = orderAmountOf(pricing, offering.costPaisa, request);
      if (!priced.ok) throw invalid(priced.field, choiceProblemMessage(priced));
      if (request.gift) dependencies.gifts.checkGift(request.gift);
      const values = {
        userId: patron.id,
        monasteryPujaId: offering.pivotId,
        monasteryId: offering.monastery.id,
        pujaDate: request.date,
        intention: request.intention ?? null,
        amountPaisa: priced.amountPaisa,
        pricing: pricing.kind,
        quantity: priced.quantity,
        unitPricePaisa: priced.unitPricePaisa,
        unitNames: pricing.kind === 'per_unit' ? pricing.unit : null,
        paymentType: request.payment,
        idempotencyKey: request.idempotency_key ?? crypto.randomUUID(),
      };
      // The order and its names commit together; a clash of numbers retries the whole transaction.
      const result = await insertWithNewNumbers(1, ([number]) =>
        db.transaction(async (tx) => {
          const placed = await insertOrderOnce(tx, { ...values, number: number! });
          if ('inserted' in placed) {
            // Written first, then the day claimed: a repeated submission finds its order above and
            // claims nothing, and a refusal here undoes the insert.
            await dependencies.orderDays.claimDay(tx, {
              monasteryId: values.monasteryId,
              monasteryPujaId: values.monasteryPujaId,
              day: values.pujaDate,
              orderId: placed.inserted.id,
              asker: 'patron',
            });
            await insertOrderNames(tx, placed.inserted.id, request.names);
            if (request.gift) await dependencies.gifts.addGift(tx, placed.inserted.id, request.gift);
          }
          return placed;
        }),
      );
      if ('inserted' in result) {
        // A new order has received no money yet; the rest of its page is at hand but its names' ids.
        const { name, email, phone, language } = patron;
        return toOrder(
          {
            order: result.inserted,
            user: { name, email, phone, language: language ?? null, currency: null },
            ...offering,
            lastMessageFrom: null,
          },
          [],
          await listNamesOfOrders(db, [result.inserted.id]),
          [],
          (await listGiftsOfOrders(db, [result.inserted.id]))[0],
          undefined,
        );
      }
      // The same submission again (a double click, a retried request): the order as it now stands.
      const [order] = await toOrders(db, [(await findOrderById(db, result.existingId))!]);
      return order!;
    },

    async listOwnOrders(patron: Viewer, query: { page: number }): Promise<OwnOrdersResponse> {
      const { rows, total } = await listPatronOrders(db, patron.id, {
        limit: OWN_ORDERS_PAGE_SIZE,
        offset: (query.page - 1) * OWN_ORDERS_PAGE_SIZE,
      });
      return { orders: await toOrders(db, rows), page: query.page, pageSize: OWN_ORDERS_PAGE_SIZE, total };
    },

    /**
     * A patron cancels their own order until the monastery approves it. Money kept for it becomes a
     * refund due in the same transaction; the order's lock keeps a payment settling meanwhile in line.
     */
    async cancelOrder(patron: Viewer, orderId: number): Promise<Order> {
      const row = await this.getReadableOrder(patron, orderId);
      if (row.order.userId !== patron.id)
        throw new AppError('forbidden', 'This order is not yours to cancel.');
      await db.transaction(async (tx) => {
        const kept = await cancelPending(tx, patron, orderId);
        await tellCancelled(tx, row, kept?.amountPaisa);
      });
      const [order] = await toOrders(db, [(await findOrderById(db, orderId))!]);
      return order!;
    },

    /**
     * The patron writes to the monastery on their own order: a question before approval, a thank-you after
     * the photos; on a declined or cancelled order for 30 days after it closed (docs/decisions/038), then no
     * more (409). The monastery's staff are told by SMS in the same transaction.
     */
    async writeToMonastery(patron: Viewer, orderId: number, message: string) {
      const row = await this.getReadableOrder(patron, orderId);
      if (row.order.userId !== patron.id)
        throw new AppError('forbidden', 'Only the patron of this order can write on it.');
      await db.transaction(async (tx) => {
        // Read under the order's lock, so the window is the one the order has as the message is kept.
        const current = await lockOrder(tx, orderId);
        if (
          current &&
          (current.status === 'declined' || current.status === 'cancelled') &&
          !withinClosedMessageWindow(current)
        )
          throw new AppError('conflict', apiMessage('closedToMessages', { status: current.status }));
        await insertMessage(tx, { orderId, senderId: patron.id, body: message });
        await notices.tellStaff(
          tx,
          row.order,
          row.user.name
            ? { key: 'staffPatronWrote', params: { patron: row.user.name, puja: row.puja.name } }
            : { key: 'staffPatronWroteUnnamed', params: { puja: row.puja.name } },
        );
      });
      return this.getConversation(patron, orderId);
    },

    /** The expiry job: unpaid orders past their window, or whose puja's day has passed, expire. */
    async expireOrders(): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await expireUnpaidOrders(tx, {
          windowHours: dependencies.paymentWindowHours,
          today: todayIn(businessTimeZone),
        });
        // A paused occurrence whose day passed expires without a word: its patron paused the plan.
        for (const row of expired.filter((row) => !row.paused)) {
          await notices.tell(tx, row, { key: 'orderExpired', params: {} });
        }
        return expired.length;
      });
    },

    /**
     * Reminds patrons of pay-each occurrences due within PAY_EACH_REMINDER_DAYS (docs/decisions/058), each
     * once (claimed in `reminders_sent` in the transaction that queues the notice), in their language by
     * the notices every order change uses. Run with the expiry job.
     */
    async remindPaymentsDue(): Promise<number> {
      const due = await listOccurrencesToRemindOfPayment(db, { days: PAY_EACH_REMINDER_DAYS, limit: 500 });
      let reminded = 0;
      for (const order of due) {
        const claimed = await db.transaction(async (tx) => {
          if (!(await claimReminder(tx, { kind: 'patron-pay-by', subjectId: order.id, day: order.pujaDate })))
            return false;
          // The last day it can be paid, in Nepal: the day before the moment it is due.
          const lastDay = todayIn(businessTimeZone, new Date(order.payBy!.getTime() - 60_000));
          await notices.tell(tx, order, {
            key: 'planOccurrencePayBy',
            params: { date: order.pujaDate, payBy: lastDay, puja: '', monastery: '' },
          });
          return true;
        });
        if (claimed) reminded += 1;
      }
      return reminded;
    },

    /**
     * The patron's own puja as a calendar event (docs/decisions/020); a puja that will not happen
     * (declined, cancelled, expired) has none.
     */
    async calendarEventOf(patron: Viewer, orderId: number, publicUrl: string) {
      const row = await this.getReadableOrder(patron, orderId);
      if (row.order.userId !== patron.id) throw new AppError('forbidden', 'This order is not yours to see.');
      if (['declined', 'cancelled', 'expired'].includes(row.order.status))
        throw new AppError('conflict', apiMessage('noPujaForCalendar', { status: row.order.status }));
      const ics = buildPujaCalendarEvent({
        orderNumber: row.order.number,
        pujaName: catalogueText(row.puja, 'name', patron.language ?? DEFAULT_LANGUAGE),
        monasteryName: catalogueText(row.monastery, 'name', patron.language ?? DEFAULT_LANGUAGE),
        pujaDate: row.order.pujaDate,
        pujaTime: row.order.pujaTime,
        scheduleRevision: row.order.scheduleRevision,
        businessTimeZone,
        orderUrl: `${publicUrl}${orderPagePath(row.order.id)}`,
        language: patron.language ?? null,
      });
      return { filename: `puja-${row.order.number}.ics`, ics };
    },

    /** An order as its patron, its monastery's staff or an administrator may see it. */
    async getReadableOrder(viewer: Viewer, orderId: number): Promise<OrderRow> {
      const row = await findOrderById(db, orderId);
      if (!row) throw new AppError('notFound', 'Order not found.');
      const mayRead =
        viewer.role === 'admin' ||
        (viewer.role === 'user' && row.order.userId === viewer.id) ||
        (viewer.role === 'monastery' && row.order.monasteryId === viewer.monastery_id);
      if (!mayRead) throw new AppError('forbidden', 'This order is not yours to see.');
      return row;
    },

    async getConversation(viewer: Viewer, orderId: number): Promise<OrderConversationResponse> {
      const row = await this.getReadableOrder(viewer, orderId);
      const [messages, images] = await Promise.all([
        listMessagesOfOrder(db, orderId),
        listImagesOfOrder(db, orderId),
      ]);
      const [order] = await toOrders(db, [row]);
      return {
        messages: messages.map((message) => ({
          message: message.body,
          created_at: message.createdAt.toISOString(),
          from: message.senderId === row.order.userId ? ('patron' as const) : ('monastery' as const),
        })),
        images: images.map((image) => ({ id: image.id, url: dependencies.imageUrl(image.id) })),
        order: order!,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** `PJ-` and six random characters: about 729 million numbers, drawn again on the rare clash. */
export function newOrderNumber(): string {
  let suffix = '';
  for (let index = 0; index < 6; index += 1)
    suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `PJ-${suffix}`;
}

/** Runs `insert` with `count` new order numbers, again with others on the rare clash. */
export async function insertWithNewNumbers<T>(
  count: number,
  insert: (numbers: string[]) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert(Array.from({ length: count }, newOrderNumber));
    } catch (error) {
      // Drizzle wraps the driver's error; PostgreSQL names the constraint that refused the row.
      const cause = ((error as { cause?: unknown }).cause ?? error) as { constraint?: string };
      const clash = cause.constraint === 'orders_number_unique';
      if (!clash || attempt >= 5) throw error;
    }
  }
}

/** A name as orders show it: `read_at` is when it was ticked as read (who ticked it is the run sheet's). */
export function toPrayerName(name: OrderNameRow): PrayerName {
  return {
    id: name.id,
    name: name.name,
    departed: name.departed,
    note: name.note,
    read_at: name.readAt?.toISOString() ?? null,
  };
}

/** What the patron reads when their quantity or amount does not fit the offering (docs/decisions/054). */
function choiceProblemMessage(problem: OrderChoiceProblem): string {
  switch (problem.problem) {
    case 'quantityNotOffered':
      return apiMessage('quantityNotOffered', { quantities: problem.quantities });
    case 'quantityOutOfRange':
      return apiMessage('quantityOutOfRange', { min: String(problem.min), max: String(problem.max) });
    case 'amountMissing':
      return apiMessage('amountMissing', {});
    case 'amountTooSmall':
      return apiMessage('amountTooSmall', { amount: problem.amount });
    case 'amountTooLarge':
      return apiMessage('amountTooLarge', { amount: problem.amount });
  }
}

function invalid(field: string, message: string): AppError {
  return new AppError('invalidInput', message, { [field]: [message] });
}
