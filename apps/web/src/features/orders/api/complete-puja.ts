import { type StaffOrdersResponse, staffOrdersResponseSchema } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { staffOrdersQueryKey } from './orders-query-keys.ts';

export interface PujaCompletion {
  orderId: number;
  photos: readonly File[];
}

/** `POST /api/complete-puja` with the patch override: an approved order is done, with its photos. */
export function completePuja({ orderId, photos }: PujaCompletion): Promise<StaffOrdersResponse> {
  return apiRequest('/api/complete-puja', {
    method: 'POST',
    body: { _method: 'patch', order_id: orderId, 'files[]': photos },
    schema: staffOrdersResponseSchema,
  });
}

export function useCompletePuja() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePuja,
    onSuccess: (lists) => queryClient.setQueryData(staffOrdersQueryKey, lists),
  });
}
