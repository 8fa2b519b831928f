import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { type PaymentFilters, paymentsQueryString } from './get-admin-payments.ts';

/**
 * `GET /api/admin/payments/export.csv`: every payment the filters match (no paging) as a CSV file, saved
 * under the server's name. Fetched with the session's token, so not a plain link.
 */
export function exportPayments(filters: PaymentFilters): Promise<string> {
  return downloadFile(`/api/admin/payments/export.csv${paymentsQueryString(filters)}`, 'payments.csv');
}

export function useExportPayments() {
  return useMutation({ mutationFn: exportPayments });
}
