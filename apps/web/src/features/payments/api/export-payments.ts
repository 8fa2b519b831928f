import { exportPaymentsEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { endpointUrl } from '../../../lib/endpoint-client.ts';
import { type PaymentFilters, paymentsQuery } from './get-admin-payments.ts';

/**
 * Every payment the filters match (no paging) as a CSV file, saved
 * under the server's name. Fetched with the session's token, so not a plain link.
 */
export function exportPayments(filters: PaymentFilters): Promise<string> {
  return downloadFile(endpointUrl(exportPaymentsEndpoint, { query: paymentsQuery(filters) }), 'payments.csv');
}

export function useExportPayments() {
  return useMutation({ mutationFn: exportPayments });
}
