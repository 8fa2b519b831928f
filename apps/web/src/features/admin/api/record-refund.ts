import { type RefundResponse, refundResponseSchema } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterPaymentWrite } from './payment-writes.ts';

export interface RecordedRefund {
  paymentId: number;
  /** The refund's reference in the provider's merchant portal. */
  reference: string;
}

/**
 * `POST /api/admin/payments/{paymentId}/record-refund`: records a refund made in the provider's own
 * merchant portal (eSewa has no refund API; Khalti's portal when Khalti refused).
 */
export function recordRefund({ paymentId, reference }: RecordedRefund): Promise<RefundResponse> {
  return apiRequest(`/api/admin/payments/${paymentId}/record-refund`, {
    method: 'POST',
    body: { reference },
    schema: refundResponseSchema,
  });
}

export function useRecordRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRefund,
    onSettled: () => refreshAfterPaymentWrite(queryClient),
  });
}
