import { cancelOrderEndpoint, type Order } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/**
 * The patron cancels one of their orders while it is pending. The
 * answer is the order as it now is: `cancelled`, with payment status `Refund due` when it was paid.
 */
export async function cancelOrder(orderId: number): Promise<Order> {
  return (await callEndpoint(cancelOrderEndpoint, { params: { orderId } })).order;
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // The list, the details and the conversation all start with the orders key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
    // A 409 (approved or closed meanwhile) means the order shown is stale: it is fetched again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
