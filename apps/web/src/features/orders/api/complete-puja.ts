import { completePujaEndpoint, type StaffOrdersResponse } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { backOfficeOrdersQueryKey, staffOrdersQueryKey } from './orders-query-keys.ts';

export interface PujaCompletion {
  orderId: number;
  photos: readonly File[];
}

/** `PATCH /api/complete-puja` (sent as POST with the override, multipart): an approved order is done, with its photos. */
export function completePuja({ orderId, photos }: PujaCompletion): Promise<StaffOrdersResponse> {
  return callEndpoint(completePujaEndpoint, { body: { order_id: orderId, 'files[]': photos } });
}

export function useCompletePuja() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePuja,
    onSuccess: (lists) => queryClient.setQueryData(staffOrdersQueryKey, lists),
    // The order's page shows the photos and the completion, or, refused, the order as it still is.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: backOfficeOrdersQueryKey }),
  });
}
