import {
  type GiftInput,
  orderGiftEndpoint,
  updateOrderGiftEndpoint,
  withdrawOrderGiftEndpoint,
} from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/**
 * The patron's own gift on an order, with how its recipient is told, to change it (docs/decisions/059);
 * read only while the editor is open, never kept (it holds someone else's address).
 */
export function useOrderGift(orderId: number, enabled: boolean) {
  return useEndpointQuery(orderGiftEndpoint, { params: { orderId } }, { enabled, gcTime: 0, staleTime: 0 });
}

/** Changes or withdraws the gift; the patron's orders are fetched again either way (the order shows it). */
export function useChangeGift(orderId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  const update = useMutation({
    mutationFn: (gift: GiftInput) =>
      callEndpoint(updateOrderGiftEndpoint, { params: { orderId }, body: gift }),
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: () => callEndpoint(withdrawOrderGiftEndpoint, { params: { orderId } }),
    onSettled: refresh,
  });
  return { update, withdraw };
}
