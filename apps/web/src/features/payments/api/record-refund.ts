import { type RefundResponse, recordRefundEndpoint } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { refreshAfterPaymentWrite } from './payment-writes.ts';

export interface RecordedRefund {
  paymentId: number;
  /** The refund's reference in the provider's merchant portal. */
  reference: string;
}

/**
 * Records a refund made in the provider's own
 * merchant portal (eSewa has no refund API; Khalti's portal when Khalti refused).
 */
export function recordRefund({ paymentId, reference }: RecordedRefund): Promise<RefundResponse> {
  return callEndpoint(recordRefundEndpoint, { params: { paymentId }, body: { reference } });
}

export function useRecordRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRefund,
    onSettled: () => refreshAfterPaymentWrite(queryClient),
  });
}
