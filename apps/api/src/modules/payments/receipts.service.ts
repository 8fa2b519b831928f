import { catalogueText, DEFAULT_LANGUAGE } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { type Receipt, renderReceiptsPdf } from '../../integrations/receipts/receipt-pdf.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { findOrderById, firstNamesOfOrder, type OrderRow } from '../orders/orders.shared-queries.ts';

/** The names a receipt writes out before "and N more": a page holds them beside the payment's lines. */
const RECEIPT_NAMES = 10;

import type { OrdersService } from '../orders/orders.service.ts';
import { listReceivedPayments, withRefunds } from './payments.queries.ts';

/**
 * Receipts: one page for each payment received for an order and one for each refund made, for the
 * order's patron, its monastery's staff and administrators (the same people who may read the order), in
 * the patron's language.
 */
export function createReceiptsService(dependencies: {
  db: Database;
  orders: OrdersService;
  businessTimeZone: string;
  siteName: string;
  publicUrl: string;
}) {
  const { db, orders } = dependencies;

  /** The order's receipts as one PDF, or undefined when nothing has been paid for it yet. */
  async function render(row: OrderRow): Promise<{ filename: string; pdf: Buffer } | undefined> {
    const payments = await withRefunds(db, await listReceivedPayments(db, row.order.id));
    if (payments.length === 0) return undefined;
    const language = row.user.language ?? DEFAULT_LANGUAGE;
    const common = {
      orderNumber: row.order.number,
      patron: { name: row.user.name, phone: row.user.phone },
      // As the catalogue names them in the receipt's language (docs/decisions/049).
      monastery: catalogueText(row.monastery, 'name', language),
      puja: catalogueText(row.puja, 'name', language),
      names: await firstNamesOfOrder(db, row.order.id, RECEIPT_NAMES),
      pujaDate: row.order.pujaDate,
      ...offeringOf(row.order),
    };
    const receipts = payments.flatMap((payment): Receipt[] => {
      const money = {
        ...common,
        amountPaisa: payment.amountPaisa,
        ...(payment.paymentLinkId === null ? {} : { payer: payment.payerName }),
        provider: payment.provider,
        transactionCode: payment.providerTransactionCode,
      };
      const paid: Receipt = { ...money, kind: 'payment', at: payment.completedAt! };
      // A page for each refund made: all of the payment, or each part a concern gave back (decisions 036, 044).
      const refunds = payment.refunds
        .filter((refund) => refund.state === 'refunded')
        .map(
          (refund): Receipt => ({
            ...money,
            amountPaisa: refund.amountPaisa,
            kind: 'refund',
            at: refund.refundedAt!,
            refundReference: refund.providerReference,
            refundReason: refund.reason,
          }),
        );
      return [paid, ...refunds];
    });
    const pdf = await renderReceiptsPdf(receipts, {
      businessTimeZone: dependencies.businessTimeZone,
      siteName: dependencies.siteName,
      publicUrl: dependencies.publicUrl,
      // The patron's record, in the patron's language whoever downloads it (their e-mail carries it too).
      language: row.user.language,
    });
    return { filename: `receipt-${row.order.number}.pdf`, pdf };
  }

  return {
    async receiptOf(viewer: Viewer, orderId: number): Promise<{ filename: string; pdf: Buffer }> {
      const receipt = await render(await orders.getReadableOrder(viewer, orderId));
      if (!receipt)
        throw new AppError('notFound', 'Nothing has been paid for this order yet, so it has no receipt.');
      return receipt;
    },

    /** The receipt the e-mail of a paid order carries (the job queue's, for the order's own patron). */
    async receiptForEmail(orderId: number): Promise<{ filename: string; pdf: Buffer } | undefined> {
      const row = await findOrderById(db, orderId);
      return row ? render(row) : undefined;
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;

/** How a receipt says the order's amount was made (docs/decisions/054). */
function offeringOf(order: OrderRow['order']): Pick<Receipt, 'offering'> {
  if (order.pricing === 'pay_what_you_can') return { offering: 'pay_what_you_can' };
  if (order.pricing === 'per_unit' && order.unitNames && order.unitPricePaisa !== null)
    return {
      offering: { quantity: order.quantity, unit: order.unitNames, unitPricePaisa: order.unitPricePaisa },
    };
  return {};
}
