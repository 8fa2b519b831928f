import { orderEditResponseSchema } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { staffOrdersQueryKey } from './orders-query-keys.ts';

export type OrderForEdit = ReturnType<typeof orderEditResponseSchema.parse>;

export function orderForEditQueryKey(orderId: number) {
  return [...staffOrdersQueryKey, orderId, 'edit'] as const;
}

/** `GET /api/order/{id}/edit`: the order's current day, read afresh when its date is about to change. */
export function getOrderForEdit(orderId: number, signal?: AbortSignal): Promise<OrderForEdit> {
  return apiRequest(`/api/order/${orderId}/edit`, { schema: orderEditResponseSchema, signal });
}

export function useOrderForEdit(orderId: number | null) {
  return useQuery({
    queryKey: orderForEditQueryKey(orderId ?? 0),
    queryFn: ({ signal }) => getOrderForEdit(orderId ?? 0, signal),
    enabled: orderId !== null,
    // Another staff member may have moved it a moment ago.
    staleTime: 0,
  });
}
