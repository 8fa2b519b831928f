import { type BackOfficeOrderResponse, backOfficeOrderEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { backOfficeOrdersQueryKey } from './orders-query-keys.ts';

export function backOfficeOrderQueryKey(orderId: number) {
  return [...backOfficeOrdersQueryKey, 'order', orderId] as const;
}

/** `GET /api/orders/{id}`: the order's page (order, timeline, thread, photos, what the viewer may do). */
export function backOfficeOrderQueryOptions(orderId: number) {
  return queryOptions<BackOfficeOrderResponse>({
    queryKey: backOfficeOrderQueryKey(orderId),
    queryFn: ({ signal }) => callEndpoint(backOfficeOrderEndpoint, { params: { orderId }, signal }),
    // Photo links are signed for 15 minutes, and other staff act on the same order: read it afresh.
    staleTime: 0,
  });
}

export function useBackOfficeOrder(orderId: number) {
  return useQuery(backOfficeOrderQueryOptions(orderId));
}
