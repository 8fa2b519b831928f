import { type Order, orderReceiptEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { endpointUrl } from '../../../lib/endpoint-client.ts';

/**
 * The order's receipts: a PDF with a page per payment received and per refund made, saved
 * as a file (404 while nothing has been paid). Fetched with the session's token, so not a plain link.
 */
export function downloadReceipt(order: Pick<Order, 'id' | 'number'>): Promise<string> {
  return downloadFile(
    endpointUrl(orderReceiptEndpoint, { params: { orderId: order.id } }),
    `receipt-${order.number}.pdf`,
  );
}

export function useDownloadReceipt() {
  return useMutation({ mutationFn: downloadReceipt });
}
