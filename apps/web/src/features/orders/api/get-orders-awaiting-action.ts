import { ordersAwaitingActionEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { backOfficeOrdersQueryKey } from './orders-query-keys.ts';

/**
 * How often the sidebar asks again: a patron's payment should reach the staff within half a minute, and
 * the server answers from one indexed count (docs/api.md "Back-office orders").
 */
export const AWAITING_ACTION_REFRESH_MS = 30_000;

/** `GET /api/orders/awaiting-action`: how many paid orders wait for approval. */
export function ordersAwaitingActionQueryOptions() {
  return queryOptions({
    queryKey: [...backOfficeOrdersQueryKey, 'awaiting-action'],
    queryFn: ({ signal }) => callEndpoint(ordersAwaitingActionEndpoint, { signal }),
    refetchInterval: AWAITING_ACTION_REFRESH_MS,
    // A phone left in a pocket comes back to the right number as soon as it is looked at again.
    refetchOnWindowFocus: 'always',
  });
}

/** The count for the staff's sidebar; `enabled` is false where nobody is told (administrators). */
export function useOrdersAwaitingAction(enabled = true) {
  return useQuery({ ...ordersAwaitingActionQueryOptions(), enabled });
}
