import type { Database } from '../../db/client.ts';
import { type Receipt, renderReceiptsPdf } from '../../integrations/receipts/receipt-pdf.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { findOrderById, firstNamesOfOrder, type OrderRow } from '../orders/orders.queries.ts';

/** The names a receipt writes out before "and N more": a page holds them beside the payment's lines. */
const RECEIPT_NAMES = 10;

import type { OrdersService } from '../orders/orders.service.ts';
import { refundedPaisa } from './payment-record.ts';
import { listReceivedPayments } from './payments.queries.ts';

/**
 * Receipts: one page for each payment received for an order and one for each refund made, for the
 * order's patron, its monastery's staff and administrators (the same people who may read the order).
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
    const payments = await listReceivedPayments(db, row.order.id);
    if (payments.length === 0) return undefined;
    const common = {
      orderNumber: row.order.number,
      patron: { name: row.user.name, phone: row.user.phone },
      monastery: row.monastery.name,
      puja: row.puja.name,
      names: await firstNamesOfOrder(db, row.order.id, RECEIPT_NAMES),
      pujaDate: row.order.pujaDate,
    };
    const receipts = payments.flatMap((payment): Receipt[] => {
      const money = {
        ...common,
        amountPaisa: payment.amountPaisa,
        provider: payment.provider,
        transactionCode: payment.providerTransactionCode,
      };
      const paid: Receipt = { ...money, kind: 'payment', at: payment.completedAt! };
      if (payment.refundStatus !== 'refunded') return [paid];
      return [
        paid,
        {
          ...money,
          // A concern's refund may be part of the payment (docs/decisions/036).
          amountPaisa: refundedPaisa(payment),
          kind: 'refund',
          at: payment.refundedAt!,
          refundReference: payment.refundReference,
          refundReason: payment.refundReason,
        },
      ];
    });
    const pdf = await renderReceiptsPdf(receipts, {
      businessTimeZone: dependencies.businessTimeZone,
      siteName: dependencies.siteName,
      publicUrl: dependencies.publicUrl,
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
