import { type OrderConversationResponse, orderConversationResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

export function orderConversationQueryKey(orderId: number) {
  return [...ordersQueryKey, 'conversation', orderId] as const;
}

/** `GET /api/get-messages/{orderId}`: the monastery's messages and photos for one order. */
export function getOrderConversation(
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderConversationResponse> {
  return apiRequest(`/api/get-messages/${orderId}`, { schema: orderConversationResponseSchema, signal });
}

export function orderConversationQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderConversationQueryKey(orderId),
    queryFn: ({ signal }) => getOrderConversation(orderId, signal),
    // Photo links are signed and expire: fetch afresh rather than show a link that no longer opens.
    staleTime: 0,
  });
}

export function useOrderConversation(orderId: number | null) {
  return useQuery({ ...orderConversationQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
