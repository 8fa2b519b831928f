import { type RefundResponse, refundThroughKhaltiEndpoint } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { refreshAfterPaymentWrite } from './payment-writes.ts';

/**
 * Refunds a Khalti payment through Khalti. 200 when Khalti
 * confirmed it (the payment is `Refunded`); 202 when Khalti did not answer (still `Refund due`, with
 * `refund_requested_at` set, retried automatically). Both carry the message to show.
 */
export function refundPayment(paymentId: number): Promise<RefundResponse> {
  return callEndpoint(refundThroughKhaltiEndpoint, { params: { paymentId } });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => refreshAfterPaymentWrite(queryClient),
  });
}
