import { createHash, randomBytes } from 'node:crypto';
import {
  type CreatePaymentLinkResponse,
  type PaymentLinkSummary,
  type PaymentLinkView,
  paisaToRupees,
  paymentLinkPath,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import type { EsewaForm } from '../../integrations/payments/esewa.ts';
import type { KhaltiInitiation } from '../../integrations/payments/khalti.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findOrderById, listNamesOfOrders, type OrderRow } from '../orders/orders.shared-queries.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { lockOrder } from '../payments/payments.shared-queries.ts';
import { findLiveLink, insertLink, type PaymentLinkRow, withdrawLiveLink } from './payment-links.queries.ts';

/** What is stored of a token: its SHA-256, so the table alone pays nothing (docs/decisions/051). */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** One answer for a token that never existed and one withdrawn: the page cannot tell them apart. */
const NO_LINK = 'This payment link does not work: it was withdrawn, or it is not complete.';

export function toLinkSummary(link: PaymentLinkRow): PaymentLinkSummary {
  return { created_at: link.createdAt.toISOString(), shows_names: link.showsNames };
}

/**
 * "Pay for me" links (docs/decisions/051): a patron's unpaid order paid by someone else, without an
 * account. The token is the whole authority: it shows what the order is for and starts a payment of that
 * order, through the same payment code as the patron's own (one kept payment, late money refunded).
 */
export function createPaymentLinksService(dependencies: {
  db: Database;
  orders: OrdersService;
  payments: PaymentsService;
}) {
  const { db, orders, payments } = dependencies;

  /** The patron's own order, still payable. */
  async function ownPayableOrder(patron: Viewer, orderId: number) {
    const row = await orders.getReadableOrder(patron, orderId);
    if (row.order.userId !== patron.id) throw new AppError('forbidden', 'This order is not yours to pay.');
    return row;
  }

  /** The live link of a token and its order. */
  async function linkOf(token: string): Promise<{ link: PaymentLinkRow; row: OrderRow }> {
    const link = await findLiveLink(db, hashOf(token));
    const row = link && (await findOrderById(db, link.orderId));
    if (!link || !row) throw new AppError('notFound', NO_LINK);
    return { link, row };
  }

  /** A link's order, payable now: otherwise the reason, as the patron's own payment gives it. */
  async function payableLink(token: string) {
    const found = await linkOf(token);
    const refusal = orders.whyNotPayable(found.row.order);
    if (refusal) throw new AppError('conflict', refusal);
    return found;
  }

  return {
    /** Makes a new link for the patron's unpaid order; a live one is withdrawn (only the new one works). */
    async create(patron: Viewer, orderId: number, showsNames: boolean): Promise<CreatePaymentLinkResponse> {
      const row = await ownPayableOrder(patron, orderId);
      const refusal = orders.whyNotPayable(row.order);
      if (refusal) throw new AppError('conflict', refusal);
      // 32 random bytes: as unguessable as a session's secret.
      const token = randomBytes(32).toString('base64url');
      const link = await db.transaction(async (tx) => {
        // Under the order's lock, so two at once leave one live link rather than break the unique index.
        await lockOrder(tx, orderId);
        await withdrawLiveLink(tx, orderId);
        return insertLink(tx, { orderId, tokenHash: hashOf(token), showsNames });
      });
      return { path: paymentLinkPath(token), link: toLinkSummary(link) };
    },

    async withdraw(patron: Viewer, orderId: number): Promise<{ message: string }> {
      await ownPayableOrder(patron, orderId);
      if (!(await withdrawLiveLink(db, orderId)))
        throw new AppError('notFound', 'This order has no payment link to withdraw.');
      return { message: 'The payment link was withdrawn: it no longer works.' };
    },

    /** What the link's page shows: never the patron's phone; names only when the patron chose so. */
    async view(token: string): Promise<PaymentLinkView> {
      const { link, row } = await linkOf(token);
      const { order } = row;
      const paid = order.paymentStatus === 'Completed';
      const state = paid ? 'paid' : orders.whyNotPayable(order) ? 'closed' : 'payable';
      const shown = link.showsNames && state !== 'closed';
      const names = shown ? await listNamesOfOrders(db, [order.id]) : [];
      return {
        state,
        monastery: row.monastery.name,
        puja: row.puja.name,
        puja_date: order.pujaDate,
        amount: paisaToRupees(order.amountPaisa),
        pay_by: state === 'payable' ? orders.payBy(order).toISOString() : null,
        patron_name: shown ? row.user.name || null : null,
        names: shown ? names.map((name) => name.name) : null,
        intention: shown ? order.intention : null,
      };
    },

    async startEsewa(token: string, payerName: string | undefined, origin: string): Promise<EsewaForm> {
      const { link, row } = await payableLink(token);
      return payments.startEsewaThroughLink(row.order, { id: link.id, token, payerName }, origin);
    },

    async startKhalti(
      token: string,
      payerName: string | undefined,
      origin: string,
    ): Promise<KhaltiInitiation> {
      const { link, row } = await payableLink(token);
      return payments.startKhaltiThroughLink(row, { id: link.id, token, payerName }, origin);
    },
  };
}

export type PaymentLinksService = ReturnType<typeof createPaymentLinksService>;
