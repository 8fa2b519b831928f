import {
  APPROVE_MANY_LIMIT,
  BACK_OFFICE_ORDERS_PAGE_SIZE,
  type BackOfficeOrderFilter,
  type BackOfficeOrderResponse,
  type BackOfficeOrdersResponse,
  ORDER_EVENT_KINDS,
  ORDER_PAGE_MESSAGE_LIMIT,
  ORDERS_EXPORT_LIMIT,
  type OrderEvent,
  paisaToRupees,
  type Role,
  staffStatusOf,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import type { UrlSigner } from '../../integrations/storage/signed-urls.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CsvCell, instantCell, textCell, toCsvWithBom } from '../../lib/csv.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { departedPhotoUrl } from '../plans/departed-photos.ts';
import { findDepartedPhotoKey } from '../plans/plans.shared-queries.ts';
import {
  type BackOfficeOrdersFilter,
  countOrdersAwaitingAction,
  listAuditEntriesOfOrder,
  listBackOfficeOrders,
  listMatchingOrderIds,
  listNewestMessagesOfOrder,
  listOrdersForExport,
  listPhotoUploadsOfOrder,
  listReceivedPaymentsOfOrder,
  listRefundsOfOrderWithRefunder,
} from './back-office-orders.queries.ts';
import { withinClosedMessageWindow } from './message-window.ts';
import { isClosed, type OrderHandlingService, pujaDayHasCome } from './order-handling.service.ts';
import { listImagesOfOrder, type OrderRow } from './orders.queries.ts';
import type { OrdersService } from './orders.service.ts';

export interface BackOfficeOrdersQuery {
  page: number;
  q?: string | undefined;
  status?: BackOfficeOrderFilter | undefined;
  puja?: number | undefined;
  monastery?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The back offices' orders (docs/api.md "Back-office orders"): staff see their own monastery's, whatever
 * they send; administrators every monastery's, or one they choose. The order's page puts together
 * everything the database recorded about it into one timeline.
 */
export function createBackOfficeOrdersService(dependencies: {
  db: Database;
  ordersService: OrdersService;
  handling: OrderHandlingService;
  /** A short-lived link to a completion photo. */
  imageUrl: (imageId: number) => string;
  /** Signs the links to a plan's departed's photo (docs/decisions/060). */
  departedPhotoUrls: UrlSigner;
  businessTimeZone: string;
}) {
  const { db, ordersService, handling, businessTimeZone } = dependencies;

  /** The list's filters as the queries take them, for the monastery the viewer may read. */
  function filterOf(viewer: Viewer, query: Omit<BackOfficeOrdersQuery, 'page'>): BackOfficeOrdersFilter {
    return {
      monasteryId: monasteryOf(viewer, query.monastery),
      q: query.q,
      status: query.status,
      pujaId: query.puja,
      from: query.from,
      to: query.to,
    };
  }

  /**
   * Which monastery's orders the viewer reads: a staff member's own, always (asking for another one is
   * refused rather than quietly answered with their own, so a wrong link shows as wrong); for an
   * administrator the one asked for, or all.
   */
  function monasteryOf(viewer: Viewer, asked: number | undefined): number | undefined {
    if (viewer.role === 'admin') return asked;
    const own = viewer.monastery_id ?? -1;
    if (asked !== undefined && asked !== own) {
      throw new AppError('forbidden', 'Staff see only their own monastery’s orders.');
    }
    return own;
  }

  async function orderPage(viewer: Viewer, orderId: number): Promise<BackOfficeOrderResponse> {
    const row = await ordersService.getReadableOrder(viewer, orderId);
    // The departed's photo is for the monks of the order's monastery (getReadableOrder has checked that a
    // staff member is theirs), to place on the shrine; administrators have no use for it.
    const planId = viewer.role === 'monastery' ? row.order.planId : null;
    const [[order], audit, payments, refunds, newestMessages, photoUploads, images, departedPhotoKey] =
      await Promise.all([
        ordersService.toOrders(db, [row]),
        listAuditEntriesOfOrder(db, orderId),
        listReceivedPaymentsOfOrder(db, orderId),
        listRefundsOfOrderWithRefunder(db, orderId),
        listNewestMessagesOfOrder(db, orderId, ORDER_PAGE_MESSAGE_LIMIT),
        listPhotoUploadsOfOrder(db, orderId),
        listImagesOfOrder(db, orderId),
        planId === null ? null : findDepartedPhotoKey(db, planId),
      ]);
    const messages = newestMessages.reverse();
    const fromOf = (senderId: number): 'patron' | 'monastery' =>
      senderId === row.order.userId ? 'patron' : 'monastery';
    const patron = { name: row.user.name, role: 'user' as Role };

    const events: OrderEvent[] = [];
    const add = (event: Partial<OrderEvent> & Pick<OrderEvent, 'kind' | 'at'>) =>
      events.push({
        actor: null,
        amount: null,
        provider: null,
        date: null,
        previous_date: null,
        message: null,
        photos: null,
        refund_reason: null,
        ...event,
      });

    // The day ordered is the one before the first re-date, if there was one.
    const firstRedate = audit.find((entry) => entry.action === 'redate');
    add({
      kind: 'placed',
      at: row.order.createdAt.toISOString(),
      actor: patron,
      amount: paisaToRupees(row.order.amountPaisa),
      provider: row.order.paymentType,
      date: dayOf(firstRedate?.before?.date) ?? row.order.pujaDate,
    });
    for (const payment of payments) {
      const money = { amount: paisaToRupees(payment.amountPaisa), provider: payment.provider };
      if (payment.completedAt) add({ kind: 'paid', at: payment.completedAt.toISOString(), ...money });
    }
    // Each refund with its own amount: all of a payment, or a concern's part (docs/decisions/044).
    for (const { refund, provider, refundedBy } of refunds) {
      const money = { amount: paisaToRupees(refund.amountPaisa), provider };
      add({ kind: 'refund_due', at: refund.dueAt.toISOString(), ...money, refund_reason: refund.reason });
      if (refund.refundedAt)
        add({
          kind: 'refunded',
          at: refund.refundedAt.toISOString(),
          ...money,
          actor: refundedBy ?? null,
          refund_reason: refund.reason,
        });
    }
    const auditKinds = {
      approve: 'approved',
      redate: 'redated',
      decline: 'declined',
      complete: 'completed',
    } as const;
    for (const entry of audit) {
      // Messages come from the thread itself (the patron's too); other actions do not concern orders.
      if (!(entry.action in auditKinds)) continue;
      const kind = auditKinds[entry.action as keyof typeof auditKinds];
      add({
        kind,
        at: entry.createdAt.toISOString(),
        actor: entry.actor,
        ...(kind === 'redated'
          ? { date: dayOf(entry.after?.date), previous_date: dayOf(entry.before?.date) }
          : {}),
      });
    }
    for (const message of messages) {
      add({
        kind: 'message',
        at: message.createdAt.toISOString(),
        actor: { name: message.sender.name, role: message.sender.role },
        message: message.body,
      });
    }
    for (const upload of photoUploads) {
      add({
        kind: 'photos',
        at: upload.createdAt.toISOString(),
        actor: upload.uploader,
        photos: upload.photos,
      });
    }
    // No audit entry records these (the patron cancels; nobody expires an order): the moment it closed.
    if (row.order.status === 'cancelled' || row.order.status === 'expired') {
      add({
        kind: row.order.status,
        at: (row.order.closedAt ?? row.order.updatedAt).toISOString(),
        actor: row.order.status === 'cancelled' ? patron : null,
      });
    }
    // Oldest first; what happened at one moment in the order things happen (photos, then completed).
    const rank = (kind: OrderEvent['kind']) => ORDER_EVENT_KINDS.indexOf(kind);
    events.sort((a, b) => a.at.localeCompare(b.at) || rank(a.kind) - rank(b.kind));

    return {
      order: order!,
      timeline: events,
      messages: messages.map((message) => ({
        message: message.body,
        created_at: message.createdAt.toISOString(),
        from: fromOf(message.sender.id),
        sender: message.sender.name,
      })),
      images: images.map((image) => ({ id: image.id, url: dependencies.imageUrl(image.id) })),
      departed_photo_url:
        planId === null ? null : departedPhotoUrl(dependencies.departedPhotoUrls, planId, departedPhotoKey),
      actions: actionsOf(viewer, row, businessTimeZone),
    };
  }

  return {
    async list(viewer: Viewer, query: BackOfficeOrdersQuery): Promise<BackOfficeOrdersResponse> {
      const { rows, total } = await listBackOfficeOrders(db, filterOf(viewer, query), {
        size: BACK_OFFICE_ORDERS_PAGE_SIZE,
        number: query.page,
      });
      return {
        orders: await ordersService.toOrders(db, rows),
        page: query.page,
        pageSize: BACK_OFFICE_ORDERS_PAGE_SIZE,
        total,
      };
    },

    async countAwaitingAction(viewer: Viewer): Promise<{ count: number }> {
      return { count: await countOrdersAwaitingAction(db, monasteryOf(viewer, undefined)) };
    },

    orderPage,

    approveMany: handling.approveMany,

    /** The ids a search and filters match, for selecting them all (at most APPROVE_MANY_LIMIT). */
    matchingIds(viewer: Viewer, query: Omit<BackOfficeOrdersQuery, 'page'>) {
      return listMatchingOrderIds(db, filterOf(viewer, query), APPROVE_MANY_LIMIT);
    },

    /**
     * The orders a search and filters match as CSV, for the office's own records: the staff's word for each
     * order's status beside its payment's, times in Nepal time with the offset (docs/decisions/039).
     */
    async exportCsv(viewer: Viewer, query: Omit<BackOfficeOrdersQuery, 'page'>): Promise<string> {
      const rows = await listOrdersForExport(db, filterOf(viewer, query), ORDERS_EXPORT_LIMIT);
      const shaped = await ordersService.toOrders(db, rows);
      return toCsvWithBom(
        ORDER_CSV_COLUMNS,
        shaped.map((order): CsvCell[] => [
          order.number,
          staffStatusOf(order),
          order.payment_status,
          textCell(order.user.name),
          textCell(order.user.phone),
          order.monastery_puja.puja.name,
          order.date.slice(0, 10),
          order.time ?? null,
          order.amount.toFixed(2),
          order.names.map((name) => name.name).join('; '),
          order.intention,
          instantCell(order.created_at, businessTimeZone),
        ]),
      );
    },

    /** Staff write to the patron of an open order, and see the page as it now is. */
    async message(staff: Viewer, orderId: number, message: string): Promise<BackOfficeOrderResponse> {
      await handling.messageOrder(staff, orderId, message);
      return orderPage(staff, orderId);
    },
  };
}

export type BackOfficeOrdersService = ReturnType<typeof createBackOfficeOrdersService>;

const ORDER_CSV_COLUMNS = [
  'order',
  'status',
  'payment_status',
  'patron',
  'phone',
  'puja',
  'puja_date',
  'puja_time',
  'amount_npr',
  'names',
  'intention',
  'placed_at',
];

/**
 * What the viewer may do on the order now: its monastery's staff act; administrators only read. A puja is
 * completed on or after its day (Nepal time), never before.
 */
function actionsOf(
  viewer: Viewer,
  row: OrderRow,
  businessTimeZone: string,
): BackOfficeOrderResponse['actions'] {
  const staff = viewer.role === 'monastery' && viewer.monastery_id === row.order.monasteryId;
  const { status, paymentStatus } = row.order;
  return {
    approve: staff && status === 'pending' && paymentStatus === 'Completed',
    redate: staff && status === 'pending',
    decline: staff && status === 'pending',
    complete: staff && status === 'approved' && pujaDayHasCome(row.order.pujaDate, businessTimeZone),
    // A declined or cancelled order takes messages for 30 days after it closed (docs/decisions/038).
    message: staff && (!isClosed(status) || withinClosedMessageWindow(row.order)),
  };
}

/** A day an audit entry recorded (`YYYY-MM-DD`), or undefined when it holds none. */
function dayOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}
