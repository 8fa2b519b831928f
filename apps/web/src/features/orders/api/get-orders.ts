import { type OrdersResponse, ordersResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/** `GET /api/order/create`: the signed-in patron's own orders, newest first. */
export const ownOrdersQueryKey = [...ordersQueryKey, 'own'] as const;

export function getOwnOrders(signal?: AbortSignal): Promise<OrdersResponse> {
  return apiRequest('/api/order/create', { schema: ordersResponseSchema, signal });
}

export function ownOrdersQueryOptions() {
  return queryOptions({ queryKey: ownOrdersQueryKey, queryFn: ({ signal }) => getOwnOrders(signal) });
}

export function useOwnOrders() {
  return useQuery(ownOrdersQueryOptions());
}
