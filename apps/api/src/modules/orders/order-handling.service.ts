import { randomBytes } from 'node:crypto';
import {
  type ApproveManyResponse,
  addDays,
  CLOSED_ORDER_STATUSES,
  type DeclineReason,
  dayInZone,
  formatRupees,
  MAX_COMPLETION_PHOTOS,
  type OrderStatus,
  paisaToRupees,
  REFUND_WITHIN_DAYS,
  STAFF_SECTION_LIMIT,
  type StaffOrdersResponse,
  startOfBusinessDay,
  todayIn,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { orderImages } from '../../db/schema/index.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { reencodeImage } from '../../integrations/storage/image-processing.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseStaleVersion } from '../../lib/record-version.ts';
import type { PatronNotice, PatronNoticeKey } from '../../notices/notices.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { type AuditFields, recordAudit } from '../audit/audit.service.ts';
import type { OrderDaysService } from '../order-days/order-days.service.ts';
import { earnOrderMoney, makeRefundDue, refundKeys } from '../payments/money-events.ts';
import {
  findKeptPayment,
  lockOrder,
  refreshOrderPaymentStatus,
} from '../payments/payments.shared-queries.ts';
import { issueCertificate } from '../proof/proof.shared-queries.ts';
import { messagesUntil, withinClosedMessageWindow } from './message-window.ts';
import type { OrderNotices } from './order-notices.ts';
import {
  findOrderById,
  insertMessage,
  insertOrderImages,
  listStaffSections,
  moveOrderIfStill,
  type OrderRow,
} from './orders.queries.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * What a monastery's staff do with its orders. Every order moves through one table of transitions, each
 * applied by a guarded update, so two staff members acting at once cannot both change an order. Each
 * change, its audit entry and the patron's SMS notice (a queued job) commit together. Declining a paid
 * order makes its payment a refund due in the same transaction (docs/decisions/010).
 * `paid`: the transition also needs the order's payment to be Completed (docs/decisions/009): a puja is
 * approved only once it is paid for; re-dating and declining an unpaid order stay allowed.
 */
const TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved', paid: true, notice: 'orderApproved' },
  redate: { from: ['pending'], to: 'pending', paid: false, notice: 'orderRedated' },
  decline: { from: ['pending'], to: 'declined', paid: false, notice: 'orderDeclined' },
  complete: { from: ['approved'], to: 'completed', paid: false, notice: 'orderCompleted' },
} as const satisfies Record<
  string,
  { from: OrderStatus[]; to: OrderStatus; paid: boolean; notice: PatronNoticeKey }
>;
export type OrderAction = keyof typeof TRANSITIONS;

const CONFLICT_MESSAGES: Record<OrderAction, string> = {
  approve: 'Only a pending order can be approved.',
  redate: 'Only a pending order can get a new date.',
  decline: 'Only a pending order can be declined.',
  complete: 'Only an approved order can be completed.',
};
const SAME_DATE_MESSAGE = "That is already the puja's date.";
const UNPAID_MESSAGE = 'This order is not paid yet: it can be approved once the payment is completed.';

/** The notice of a decline for each reason: without, then with a refund (docs/decisions/038). */
const DECLINE_NOTICES = {
  date_unavailable: ['orderDeclinedUnavailable', 'orderDeclinedUnavailableRefund'],
  puja_not_offered: ['orderDeclinedNotOffered', 'orderDeclinedNotOfferedRefund'],
  other: ['orderDeclinedOther', 'orderDeclinedOtherRefund'],
} as const satisfies Record<DeclineReason, readonly [PatronNoticeKey, PatronNoticeKey]>;
const REASON_REQUIRED =
  'Choose why you decline: the date is not available, the puja is not offered, or another reason.';
const NOTE_REQUIRED = 'Write the reason: the patron reads it.';

/** What a decline tells the patron: its reason, the refund if money was kept, and until when they may write. */
function noticeOfDecline(
  decline: { reason: DeclineReason; note: string | null },
  changed: { monastery: string; puja: string; date: string },
  until: string,
  refund: { amount: string; refundBy: string } | undefined,
): PatronNotice {
  const [plain, withRefund] = DECLINE_NOTICES[decline.reason];
  const base = { ...changed, until };
  if (decline.reason === 'other') {
    const params = { ...base, reason: decline.note ?? '' };
    return refund === undefined
      ? { key: 'orderDeclinedOther', params }
      : { key: 'orderDeclinedOtherRefund', params: { ...params, ...refund } };
  }
  return refund === undefined
    ? ({ key: plain, params: base } as PatronNotice)
    : ({ key: withRefund, params: { ...base, ...refund } } as PatronNotice);
}

/**
 * The patron's notice of an approval, a new date or a decline; an approval or a new date with the time the
 * monastery set says that time, in Nepal time (docs/decisions/030).
 */
function noticeOfChange(
  key: 'orderApproved' | 'orderRedated' | 'orderDeclined',
  changed: { monastery: string; puja: string; date: string },
  time: string | null,
): PatronNotice {
  if (time && key === 'orderApproved') return { key: 'orderApprovedAt', params: { ...changed, time } };
  if (time && key === 'orderRedated') return { key: 'orderRedatedAt', params: { ...changed, time } };
  return { key, params: changed };
}

export interface OrderHandlingDependencies {
  /** A re-dated order's new day checked for closures and capacity (docs/decisions/040). */
  orderDays: Pick<OrderDaysService, 'claimDay'>;
  db: Database;
  ordersService: OrdersService;
  storage: FileStorage;
  notices: OrderNotices;
  businessTimeZone: string;
  /**
   * The platform's default commission on a performed puja, in basis points (COMMISSION_BASIS_POINTS); a
   * monastery's own rate in force that day takes its place (docs/decisions/033).
   */
  commissionBasisPoints: number;
}

export function createOrderHandlingService(dependencies: OrderHandlingDependencies) {
  const { db, ordersService, storage } = dependencies;

  /** An order of the staff member's own monastery: another monastery's is 403, whatever id is sent. */
  async function ownOrder(staff: Viewer, orderId: number): Promise<OrderRow> {
    const row = await findOrderById(db, orderId);
    if (!row) throw new AppError('notFound', 'Order not found.');
    if (staff.role !== 'monastery' || row.order.monasteryId !== staff.monastery_id) {
      throw new AppError('forbidden', 'This order belongs to another monastery.');
    }
    return row;
  }

  /**
   * The staff's own order, approved, on or after its puja's day in Nepal time: the only kind a completion
   * may close (a puja is not performed before its day).
   */
  async function completableOrder(staff: Viewer, orderId: number): Promise<OrderRow> {
    const row = await ownOrder(staff, orderId);
    if (row.order.status !== 'approved') throw new AppError('conflict', CONFLICT_MESSAGES.complete);
    if (!pujaDayHasCome(row.order.pujaDate, dependencies.businessTimeZone))
      throw new AppError('conflict', apiMessage('completeBeforeDay', { date: row.order.pujaDate }));
    return row;
  }

  async function listFor(viewer: Viewer): Promise<StaffOrdersResponse> {
    const { pending, awaitingPayment, approved, totals } = await listStaffSections(
      db,
      viewer.role === 'admin' ? undefined : (viewer.monastery_id ?? -1),
      STAFF_SECTION_LIMIT,
    );
    // One look-up of payments for all three sections; toOrders keeps the rows' order.
    const shaped = await ordersService.toOrders(db, [...pending, ...awaitingPayment, ...approved]);
    const afterPending = pending.length;
    const afterAwaiting = afterPending + awaitingPayment.length;
    return {
      pendingOrders: shaped.slice(0, afterPending),
      awaitingPaymentOrders: shaped.slice(afterPending, afterAwaiting),
      approvedOrders: shaped.slice(afterAwaiting),
      totals,
    };
  }

  /** Applies a transition if the order is still in a state that allows it; 409 otherwise. */
  async function transition(
    staff: Viewer,
    row: OrderRow,
    action: Exclude<OrderAction, 'complete'>,
    changes: {
      pujaDate?: string;
      pujaTime?: string | null;
      decline?: { reason: DeclineReason; note: string | null };
    } = {},
    /** The order's version the staff member's page showed (docs/decisions/040). */
    version?: number,
  ) {
    const rule = TRANSITIONS[action];
    await db.transaction(async (tx) => {
      // Locked first, so the audited "before" is the order as this change found it.
      const current = await lockOrder(tx, row.order.id);
      if (current) await refuseStaleVersion(tx, current, version, { type: 'order', id: row.order.id });
      const updated = await moveOrderIfStill(tx, {
        orderId: row.order.id,
        from: rule.from,
        to: rule.to,
        paidOnly: rule.paid,
        closes: rule.to === 'declined',
        ...changes,
      });
      if (!current || !updated) throw new AppError('conflict', refusal(action, current));
      // Moving a puja to the day it already has changes nothing: thrown here, the update is undone and
      // no audit entry or SMS is made.
      if (
        action === 'redate' &&
        current.pujaDate === updated.pujaDate &&
        current.pujaTime === updated.pujaTime
      )
        throw new AppError('invalidInput', SAME_DATE_MESSAGE, { date: [SAME_DATE_MESSAGE] });
      // A new day must be open and have room (its closures and capacity; the cut-off is the patrons').
      if (action === 'redate' && current.pujaDate !== updated.pujaDate)
        await dependencies.orderDays.claimDay(tx, {
          monasteryId: row.order.monasteryId,
          monasteryPujaId: row.order.monasteryPujaId,
          day: updated.pujaDate,
          orderId: row.order.id,
          asker: 'staff',
        });
      await recordAudit(tx, {
        actor: staff,
        action,
        subject: 'order',
        subjectId: row.order.id,
        // Status and date both, always, so each entry reads on its own.
        before: orderAuditFields(current),
        after: {
          ...orderAuditFields(updated),
          // The reason goes in the log with the decline: who declined, and why they said they did.
          ...(changes.decline
            ? { decline_reason: changes.decline.reason, decline_note: changes.decline.note }
            : {}),
        },
      });
      // Money kept for a puja that will not be performed goes back, all of it.
      const kept = action === 'decline' ? await findKeptPayment(tx, row.order.id) : undefined;
      if (kept) {
        await makeRefundDue(tx, kept.id, {
          reason: 'declined',
          key: refundKeys.release(kept.id),
          dueBy: staff.id,
        });
        await refreshOrderPaymentStatus(tx, row.order.id);
      }
      const changed = { monastery: row.monastery.name, puja: row.puja.name, date: updated.pujaDate };
      // The policy's promise (REFUND_WITHIN_DAYS), counted from today in Nepal, when the refund fell due.
      const refund = kept
        ? {
            amount: formatRupees(paisaToRupees(kept.amountPaisa)),
            refundBy: addDays(todayIn(dependencies.businessTimeZone), REFUND_WITHIN_DAYS),
          }
        : undefined;
      // The last day (Nepal) the patron may still write on the declined order.
      const until = dayInZone(
        messagesUntil({ status: updated.status, closedAt: updated.closedAt }) ?? new Date(),
        dependencies.businessTimeZone,
      );
      await tellPatron(
        tx,
        row,
        changes.decline
          ? noticeOfDecline(changes.decline, changed, until, refund)
          : kept
            ? { key: 'orderDeclinedRefund', params: { ...changed, amount: refund!.amount } }
            : noticeOfChange(rule.notice, changed, updated.pujaTime),
        // An approved puja comes with its day as a calendar event, to keep in the patron's own calendar.
        action === 'approve' ? { attach: ['calendar-event'] } : {},
      );
    });
  }

  /**
   * A message to the patron while the order is open (pending or approved: before approval, or about the
   * day after it); a closed order's thread is its history, and is refused 409. The order's lock keeps a
   * message from slipping in after a change that closes it.
   */
  async function messagePatron(staff: Viewer, row: OrderRow, message: string): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await lockOrder(tx, row.order.id);
      // Open orders take messages; a declined or cancelled one for 30 days after it closed.
      if (!current || (isClosed(current.status) && !withinClosedMessageWindow(current))) {
        throw new AppError(
          'conflict',
          apiMessage('closedToMessages', { status: current?.status ?? 'closed' }),
        );
      }
      const sentId = await insertMessage(tx, { orderId: row.order.id, senderId: staff.id, body: message });
      await recordAudit(tx, {
        actor: staff,
        action: 'message',
        subject: 'order',
        subjectId: row.order.id,
        before: null,
        // The text stays in the order's conversation only: the log points at it rather than copying a
        // patron's private words into a second place.
        after: { message_id: sentId, to_user_id: row.order.userId },
      });
      // The e-mail carries the message itself: a patron abroad reads it without signing in.
      await tellPatron(
        tx,
        row,
        { key: 'monasteryMessage', params: { monastery: row.monastery.name, puja: row.puja.name } },
        { quoteMessage: sentId },
      );
    });
  }

  /** An SMS (and an e-mail) to the patron with a link to the order, queued with the change it reports. */
  function tellPatron(
    tx: Transaction,
    row: OrderRow,
    notice: PatronNotice,
    options?: Parameters<OrderNotices['tell']>[3],
  ): Promise<void> {
    return dependencies.notices.tell(tx, row.order, notice, options);
  }

  /**
   * Many approvals in one request (docs/decisions/039): each order is approved by the same guarded
   * transition as one approval, in its own transaction, with its own audit entry and notice, so one
   * refused order (another monastery's, no longer pending, unpaid) leaves the others approved. Each id
   * once, in the order sent.
   */
  async function approveMany(staff: Viewer, orderIds: readonly number[]): Promise<ApproveManyResponse> {
    const results: ApproveManyResponse['results'] = [];
    for (const orderId of new Set(orderIds)) {
      const row = await findOrderById(db, orderId);
      if (!row || staff.role !== 'monastery' || row.order.monasteryId !== staff.monastery_id) {
        // Another monastery's order is named as such without its number: nothing of it is told.
        results.push({
          order_id: orderId,
          number: null,
          outcome: 'refused',
          reason: row ? 'other_monastery' : 'not_found',
        });
        continue;
      }
      try {
        await transition(staff, row, 'approve');
        results.push({ order_id: orderId, number: row.order.number, outcome: 'approved', reason: null });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
        results.push({
          order_id: orderId,
          number: row.order.number,
          outcome: 'refused',
          reason: error.message === UNPAID_MESSAGE ? 'not_paid' : 'not_pending',
        });
      }
    }
    const approved = results.filter((result) => result.outcome === 'approved').length;
    return { results, approved, refused: results.length - approved };
  }

  return {
    listFor,
    approveMany,

    async getForEdit(staff: Viewer, orderId: number) {
      const row = await ownOrder(staff, orderId);
      return {
        order: {
          id: row.order.id,
          date: startOfBusinessDay(row.order.pujaDate, dependencies.businessTimeZone),
          version: row.order.version,
        },
      };
    },

    /** Nothing sent: approve. A date: re-date. `status=decline`: decline. */
    async update(
      staff: Viewer,
      orderId: number,
      request: {
        date?: string | undefined;
        time?: string | null | undefined;
        status?: 'decline' | undefined;
        reason?: DeclineReason | undefined;
        reason_note?: string | undefined;
        version?: number | undefined;
      },
    ) {
      const row = await ownOrder(staff, orderId);
      if (request.date && request.status)
        throw new AppError('invalidInput', 'Send a new date or a decline, not both.');
      if (request.time !== undefined && request.status)
        throw new AppError(
          'invalidInput',
          'A declined puja has no time: send the time with an approval or a new date.',
          {
            time: ['A declined puja has no time.'],
          },
        );
      const decline = request.status === 'decline' ? declineOf(request) : undefined;
      if (!decline && (request.reason !== undefined || request.reason_note !== undefined))
        throw new AppError('invalidInput', 'A reason comes only with a decline.', {
          reason: ['A reason comes only with a decline.'],
        });
      // The time of day (Nepal time) comes with an approval or a new date; left out, it stays as it was.
      const time = request.time === undefined ? {} : { pujaTime: request.time };
      const { version } = request;
      if (decline) await transition(staff, row, 'decline', { decline }, version);
      else if (request.date) {
        ordersService.checkPujaDate(request.date);
        await transition(staff, row, 'redate', { pujaDate: request.date, ...time }, version);
      } else await transition(staff, row, 'approve', time, version);
      return listFor(staff);
    },

    async sendMessage(staff: Viewer, request: { orderID: number; userID: number; message: string }) {
      const row = await ownOrder(staff, request.orderID);
      if (row.order.userId !== request.userID) {
        throw new AppError('invalidInput', 'This order belongs to another patron.', {
          userID: ['This order belongs to another patron.'],
        });
      }
      await messagePatron(staff, row, request.message);
      return { message: 'Message sent successfully' };
    },

    /** Staff write to the patron of one of their monastery's open orders (the order's page). */
    async messageOrder(staff: Viewer, orderId: number, message: string): Promise<void> {
      await messagePatron(staff, await ownOrder(staff, orderId), message);
    },

    /** Completion needs at least one photo; each is checked by its bytes and re-encoded before it is kept. */
    /**
     * Refuses, before its photos are received, a completion that cannot be made: an order of another
     * monastery, or one not approved (the upload's `beforeFiles`). `completeWithPhotos` checks again.
     */
    async checkCompletable(staff: Viewer, orderId: number): Promise<void> {
      await completableOrder(staff, orderId);
    },

    async completeWithPhotos(staff: Viewer, orderId: number, files: unknown) {
      const row = await completableOrder(staff, orderId);
      const list = files === undefined ? [] : Array.isArray(files) ? files : [files];
      if (list.length === 0)
        throw new AppError('invalidInput', 'Add at least one photo of the puja.', {
          files: ['Add at least one photo of the puja.'],
        });
      if (list.length > MAX_COMPLETION_PHOTOS)
        throw new AppError('payloadTooLarge', `At most ${MAX_COMPLETION_PHOTOS} photos at a time.`);
      // All photos are checked before any is kept: one bad file changes nothing.
      const photos = await Promise.all(list.map((file) => reencodeImage(file)));
      const stored: (typeof orderImages.$inferInsert)[] = [];
      try {
        for (const photo of photos) {
          const storageKey = `order-images/${row.order.id}/${randomBytes(16).toString('hex')}.webp`;
          await storage.savePrivate(storageKey, photo.bytes);
          stored.push({
            orderId: row.order.id,
            storageKey,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            sizeBytes: photo.bytes.length,
            uploadedBy: staff.id,
          });
        }
      } catch (error) {
        // A storage that refuses one photo (a full disk) keeps none of them: the order stays as it was.
        // Only here: once the transaction below has been sent, a lost answer may hide a commit.
        await Promise.all(
          stored.map(({ storageKey }) => storage.deletePrivate(storageKey).catch(() => undefined)),
        );
        throw error;
      }
      await db.transaction(async (tx) => {
        const updated = await moveOrderIfStill(tx, {
          orderId: row.order.id,
          from: TRANSITIONS.complete.from,
          to: TRANSITIONS.complete.to,
          paidOnly: false,
          closes: true,
        });
        if (!updated) throw new AppError('conflict', CONFLICT_MESSAGES.complete);
        await insertOrderImages(tx, stored);
        // The certificate anyone can check (docs/decisions/037) exists from the moment the puja is performed.
        await issueCertificate(tx, row.order.id, staff.id);
        await earnOrderMoney(tx, row.order, {
          defaultBasisPoints: dependencies.commissionBasisPoints,
          businessTimeZone: dependencies.businessTimeZone,
        });
        // The guarded update proves the order was approved until this change.
        await recordAudit(tx, {
          actor: staff,
          action: 'complete',
          subject: 'order',
          subjectId: row.order.id,
          before: { status: 'approved' },
          after: { status: 'completed', photos: stored.length },
        });
        await tellPatron(tx, row, {
          key: TRANSITIONS.complete.notice,
          params: { monastery: row.monastery.name, puja: row.puja.name },
        });
      });
      return listFor(staff);
    },
  };
}

export type OrderHandlingService = ReturnType<typeof createOrderHandlingService>;

/**
 * Why a guarded update changed nothing, from the row as the transaction locked it (so as the update saw
 * it): a state that does not allow the action comes first, then a payment the action still waits for.
 */
function refusal(action: OrderAction, current: { status: OrderStatus; paymentStatus: string } | undefined) {
  const rule = TRANSITIONS[action];
  const stateAllows = current !== undefined && (rule.from as readonly OrderStatus[]).includes(current.status);
  return stateAllows && rule.paid && current.paymentStatus !== 'Completed'
    ? UNPAID_MESSAGE
    : CONFLICT_MESSAGES[action];
}

/**
 * The reason of a decline, as the request gives it: required, and `other` with the staff member's words (a
 * 422 on the field otherwise, before anything changes).
 */
function declineOf(request: { reason?: DeclineReason | undefined; reason_note?: string | undefined }): {
  reason: DeclineReason;
  note: string | null;
} {
  if (!request.reason) throw new AppError('invalidInput', REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  const note = request.reason_note?.trim() || null;
  if (request.reason === 'other' && !note)
    throw new AppError('invalidInput', NOTE_REQUIRED, { reason_note: [NOTE_REQUIRED] });
  // A note beside a reason chosen from the list is not shown to anyone, so it is not kept either.
  return { reason: request.reason, note: request.reason === 'other' ? note : null };
}

/** Whether a puja's day (YYYY-MM-DD) is today or past in the business time zone: it may be completed. */
export function pujaDayHasCome(pujaDate: string, businessTimeZone: string, now = new Date()): boolean {
  return pujaDate <= todayIn(businessTimeZone, now);
}

/** Whether an order is in a final state: declined, completed, cancelled or expired. */
export function isClosed(status: OrderStatus): boolean {
  return (CLOSED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** What an audit entry records of an order a transition changes: its status, the puja's day and time. */
function orderAuditFields(order: {
  status: OrderStatus;
  pujaDate: string;
  pujaTime: string | null;
}): AuditFields {
  return { status: order.status, date: order.pujaDate, time: order.pujaTime };
}
