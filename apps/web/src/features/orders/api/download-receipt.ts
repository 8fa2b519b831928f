import type { Order } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/**
 * `GET /api/order/{orderId}/receipt`: a PDF with a page per payment received and per refund made, saved
 * as a file (404 while nothing has been paid). Fetched with the session's token, so not a plain link.
 */
export function downloadReceipt(order: Pick<Order, 'id' | 'number'>): Promise<string> {
  return downloadFile(`/api/order/${order.id}/receipt`, `receipt-${order.number}.pdf`);
}

export function useDownloadReceipt() {
  return useMutation({ mutationFn: downloadReceipt });
}
