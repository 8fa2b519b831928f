import { ownOrdersEndpoint } from '@puja/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/** The signed-in patron's own orders, newest first, a page at a time. */
export const ownOrdersQueryKey = [...ordersQueryKey, 'own'] as const;

export function ownOrdersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ownOrdersQueryKey, page],
    queryFn: ({ signal }) => callEndpoint(ownOrdersEndpoint, { query: { page }, signal }),
  });
}

export function useOwnOrders(page: number) {
  // The page shown stays on screen while the next one loads, instead of flashing skeletons.
  return useQuery({ ...ownOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
