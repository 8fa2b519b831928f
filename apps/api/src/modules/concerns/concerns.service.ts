import {
  ADMIN_CONCERNS_LIMIT,
  type AdminConcern,
  type AdminConcernsResponse,
  formatRupees,
  type Order,
  PAYMENT_PROVIDER_NAMES,
  paisaToRupees,
  type RaiseConcernRequest,
  type ResolveConcernRequest,
  rupeesToPaisa,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { OrderNotices } from '../orders/order-notices.ts';
import { type OrdersService, toPrayerName } from '../orders/orders.service.ts';
import {
  findOrderById,
  listImagesOfOrder,
  listNamesOfOrders,
  moveOrderIfStill,
  type OrderRow,
} from '../orders/orders.shared-queries.ts';

import { makeRefundDue, refundKeys, unearnOrderMoney } from '../payments/money-events.ts';
import { refundablePaisa, toRefund } from '../payments/payment-record.ts';
import {
  findKeptPayment,
  listReceivedPayments,
  listRefundsOfPayment,
  lockOrder,
  type PaymentAttemptRow,
  refreshOrderPaymentStatus,
  withRefunds,
} from '../payments/payments.shared-queries.ts';
import { concernDeadline, toConcern } from './concern-record.ts';
import {
  type ConcernRow,
  clearNameTicks,
  countOpenConcerns,
  findConcernById,
  insertConcern,
  listConcernsByStatus,
  listConcernsOfOrders,
  resolveConcernIfOpen,
} from './concerns.queries.ts';

/**
 * Concerns (docs/decisions/036): a patron who doubts a performed puja raises one on the order within the
 * concern window; an administrator resolves it with a refund (all or part of the kept payment, a refund
 * due that the Payments screen then makes through the provider, clawed back from the monastery's
 * earnings), a redo on a new date (the order goes back to approved and its earnings back to held), or a
 * reasoned rejection. Each change, its audit entry, its ledger entry and the patron's notice commit
 * together, under the order's lock.
 */
export interface ConcernsServiceDependencies {
  db: Database;
  ordersService: OrdersService;
  notices: OrderNotices;
  concernWindowDays: number;
  /** A short-lived link to a completion photo. */
  imageUrl: (imageId: number) => string;
}

export function createConcernsService(dependencies: ConcernsServiceDependencies) {
  const { db, ordersService, notices } = dependencies;

  async function orderOf(executor: Executor, orderId: number): Promise<Order> {
    const [order] = await ordersService.toOrders(executor, [(await findOrderById(executor, orderId))!]);
    return order!;
  }

  /** What a refund may still return (paisa): the kept payment less every refund of it (docs/decisions/044). */
  async function refundable(executor: Executor, kept: PaymentAttemptRow | undefined): Promise<number> {
    if (!kept) return 0;
    return refundablePaisa({ ...kept, refunds: await listRefundsOfPayment(executor, kept.id) });
  }

  /** The queue's row: the concern, its order and the order's proof (names read, photos). */
  async function toAdminConcerns(rows: ConcernRow[]): Promise<AdminConcern[]> {
    const result: AdminConcern[] = [];
    for (const row of rows) {
      const order = (await findOrderById(db, row.orderId))!;
      const [received, names, images] = await Promise.all([
        listReceivedPayments(db, row.orderId).then((payments) => withRefunds(db, payments)),
        listNamesOfOrders(db, [row.orderId]),
        listImagesOfOrder(db, row.orderId),
      ]);
      // The kept payment, else the one a concern refunded all of.
      const paid =
        received.find((payment) => payment.releasedAt === null) ??
        received.find((payment) => payment.refunds.some((refund) => refund.reason === 'concern'));
      result.push({
        ...toConcern(row),
        order: {
          id: order.order.id,
          number: order.order.number,
          monastery: order.monastery.name,
          puja: order.puja.name,
          puja_date: order.order.pujaDate,
          status: order.order.status,
          completed_at:
            order.order.status === 'completed' ? (order.order.closedAt?.toISOString() ?? null) : null,
          patron: order.user.name,
          amount: paisaToRupees(order.order.amountPaisa),
          provider: paid?.provider ?? null,
          refundable: paisaToRupees(paid ? refundablePaisa(paid) : 0),
          refunds: (paid?.refunds ?? []).map((refund) => toRefund(refund)),
          intention: order.order.intention,
        },
        names: names.map(toPrayerName),
        images: images.map((image) => ({ id: image.id, url: dependencies.imageUrl(image.id) })),
      });
    }
    return result;
  }

  async function adminConcern(concernId: number): Promise<AdminConcern> {
    const [concern] = await toAdminConcerns([(await findConcernById(db, concernId))!]);
    return concern!;
  }

  function tellPatron(tx: Transaction, row: OrderRow, notice: Parameters<OrderNotices['tell']>[2]) {
    return notices.tell(tx, row.order, notice);
  }

  return {
    /** The patron's own performed order, within the window, with no concern open: one is raised. */
    async raise(patron: Viewer, orderId: number, request: RaiseConcernRequest): Promise<Order> {
      const row = await findOrderById(db, orderId);
      if (!row) throw new AppError('notFound', 'Order not found.');
      if (row.order.userId !== patron.id)
        throw new AppError('forbidden', 'Only the patron of this order can raise a concern about it.');
      await db.transaction(async (tx) => {
        const current = await lockOrder(tx, orderId);
        const order = (await findOrderById(tx, orderId))!.order;
        if (current?.status !== 'completed')
          throw new AppError('conflict', 'A concern can be raised only about a performed puja.');
        const concerns = await listConcernsOfOrders(tx, [orderId]);
        if (concerns.some((concern) => concern.status === 'open'))
          throw new AppError('conflict', 'A concern about this order is already open.');
        if (!concernDeadline(order, concerns, dependencies.concernWindowDays))
          throw new AppError('conflict', 'The time to raise a concern about this puja has passed.');
        const concern = await insertConcern(tx, {
          orderId,
          raisedBy: patron.id,
          kind: request.kind,
          message: request.message,
        });
        await recordAudit(tx, {
          actor: patron,
          action: 'raise-concern',
          subject: 'order',
          subjectId: orderId,
          before: null,
          // The patron's words stay on the concern; the log points at it.
          after: { concern_id: concern.id, kind: concern.kind },
        });
        // The monastery's staff learn of it with the concern, as of a patron's message.
        const about = { puja: row.puja.name, date: order.pujaDate };
        await notices.tellStaff(
          tx,
          order,
          row.user.name
            ? { key: 'staffConcernRaised', params: { ...about, patron: row.user.name } }
            : { key: 'staffConcernRaisedUnnamed', params: about },
        );
      });
      return orderOf(db, orderId);
    },

    async list(which: 'open' | 'resolved'): Promise<AdminConcernsResponse> {
      const rows = await listConcernsByStatus(db, which, ADMIN_CONCERNS_LIMIT);
      return { concerns: await toAdminConcerns(rows), open: await countOpenConcerns(db) };
    },

    async resolve(admin: Viewer, concernId: number, request: ResolveConcernRequest) {
      const found = await findConcernById(db, concernId);
      if (!found) throw new AppError('notFound', 'Concern not found.');
      const row = (await findOrderById(db, found.orderId))!;
      const message = await db.transaction(async (tx) => {
        // The order's lock first, as every change of its money or state takes it (docs/decisions/010).
        const current = await lockOrder(tx, found.orderId);
        const concern = await findConcernById(tx, concernId);
        if (concern?.status !== 'open') throw new AppError('conflict', 'This concern was already resolved.');
        const kept = await findKeptPayment(tx, found.orderId);
        const puja = { puja: row.puja.name, monastery: row.monastery.name };
        const audit = (after: Record<string, string | number | null>) =>
          recordAudit(tx, {
            actor: admin,
            action: 'resolve-concern',
            subject: 'order',
            subjectId: found.orderId,
            before: { concern_id: concernId, concern_status: 'open', status: current?.status ?? null },
            after: { concern_id: concernId, ...after },
          });

        if (request.outcome === 'refund') {
          const amountPaisa = rupeesToPaisa(Number(request.amount));
          if (!kept) throw new AppError('conflict', 'Nothing remains to refund on this order.');
          const refunds = await listRefundsOfPayment(tx, kept.id);
          // One refund of a payment at a time is still to be made (docs/decisions/044).
          if (refunds.some((refund) => refund.state !== 'refunded'))
            throw new AppError('conflict', apiMessage('refundStillToMake', {}));
          const left = refundablePaisa({ ...kept, refunds });
          if (left === 0) throw new AppError('conflict', 'Nothing remains to refund on this order.');
          if (amountPaisa > left)
            throw new AppError('invalidInput', apiMessage('refundAtMost', { amount: paisaToRupees(left) }), {
              amount: [apiMessage('refundAtMost', { amount: paisaToRupees(left) })],
            });
          const due = await makeRefundDue(tx, kept.id, {
            reason: 'concern',
            key: refundKeys.concern(concernId),
            amountPaisa,
            dueBy: admin.id,
          });
          if (!due) throw new AppError('conflict', 'Nothing remains to refund on this order.');
          await refreshOrderPaymentStatus(tx, found.orderId);
          await resolveConcernIfOpen(tx, concernId, {
            status: 'refunded',
            resolvedBy: admin.id,
            resolutionNote: request.note ?? null,
            refundAmountPaisa: due.refund.amountPaisa,
            refundPaymentId: due.payment.id,
          });
          await audit({
            concern_status: 'refunded',
            refund_amount: paisaToRupees(due.refund.amountPaisa),
            payment_id: due.payment.id,
            refund_id: due.refund.id,
          });
          await tellPatron(tx, row, {
            key: 'concernRefunded',
            params: {
              ...puja,
              amount: formatRupees(paisaToRupees(due.refund.amountPaisa)),
              provider: PAYMENT_PROVIDER_NAMES[due.payment.provider],
            },
          });
          return 'Refund due recorded: make it from the Payments screen. The patron has been told.';
        }

        if (request.outcome === 'redo') {
          ordersService.checkPujaDate(request.date);
          // A payment that already gave part back pays for one performance only (docs/decisions/036).
          if (!kept || (await refundable(tx, kept)) < kept.amountPaisa)
            throw new AppError(
              'conflict',
              'This order’s payment was refunded, so it cannot be performed again.',
            );
          const moved = await moveOrderIfStill(tx, {
            orderId: found.orderId,
            from: ['completed'],
            to: 'approved',
            paidOnly: false,
            closes: false,
            reopens: true,
            pujaDate: request.date,
          });
          if (!moved) throw new AppError('conflict', 'Only a performed puja can be performed again.');
          await unearnOrderMoney(tx, { id: found.orderId }, concernId);
          await clearNameTicks(tx, found.orderId);
          await resolveConcernIfOpen(tx, concernId, {
            status: 'redone',
            resolvedBy: admin.id,
            resolutionNote: request.note ?? null,
            redoDate: request.date,
          });
          await audit({ concern_status: 'redone', status: 'approved', date: request.date });
          await tellPatron(tx, row, { key: 'concernRedone', params: { ...puja, date: request.date } });
          return 'The puja goes back to the monastery to be performed again. The patron has been told.';
        }

        await resolveConcernIfOpen(tx, concernId, {
          status: 'rejected',
          resolvedBy: admin.id,
          resolutionNote: request.note,
        });
        await audit({ concern_status: 'rejected' });
        await tellPatron(tx, row, { key: 'concernRejected', params: { ...puja, reason: request.note } });
        return 'Concern rejected. The patron has been told why.';
      });
      return { concern: await adminConcern(concernId), message };
    },
  };
}
export type ConcernsService = ReturnType<typeof createConcernsService>;
