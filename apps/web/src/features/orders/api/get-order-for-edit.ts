import { type orderEditResponseSchema, orderForEditEndpoint } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { staffOrdersQueryKey } from './orders-query-keys.ts';

export type OrderForEdit = ReturnType<typeof orderEditResponseSchema.parse>;

export function orderForEditQueryKey(orderId: number) {
  return [...staffOrdersQueryKey, orderId, 'edit'] as const;
}

/** `GET /api/order/{id}/edit`: the order's current day, read afresh when its date is about to change. */
export function getOrderForEdit(orderId: number, signal?: AbortSignal): Promise<OrderForEdit> {
  return callEndpoint(orderForEditEndpoint, { params: { orderId }, ...(signal ? { signal } : {}) });
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
