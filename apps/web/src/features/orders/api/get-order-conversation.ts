import { orderConversationEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

export function orderConversationQueryKey(orderId: number) {
  return [...ordersQueryKey, 'conversation', orderId] as const;
}

/** One order with its thread of messages (the patron's and the monastery's) and its photos. */
export function orderConversationQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderConversationQueryKey(orderId),
    queryFn: ({ signal }) => callEndpoint(orderConversationEndpoint, { params: { orderId }, signal }),
    // Photo links are signed and expire: fetch afresh rather than show a link that no longer opens.
    staleTime: 0,
  });
}

export function useOrderConversation(orderId: number | null) {
  return useQuery({ ...orderConversationQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
