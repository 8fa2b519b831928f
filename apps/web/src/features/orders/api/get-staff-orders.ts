import { type StaffOrdersResponse, staffOrdersEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { staffOrdersQueryKey } from './orders-query-keys.ts';

/** New orders arrive whenever a patron pays; the dashboard looks again this often while it is open. */
const REFRESH_INTERVAL_MS = 60_000;

/**
 * `GET /api/order`: the staff member's monastery's pending orders (paid ones to act on, unpaid ones
 * awaiting payment) and approved ones, soonest puja first.
 */
export function getStaffOrders(signal?: AbortSignal): Promise<StaffOrdersResponse> {
  return callEndpoint(staffOrdersEndpoint, signal ? { signal } : {});
}

export function staffOrdersQueryOptions() {
  return queryOptions({
    queryKey: staffOrdersQueryKey,
    queryFn: ({ signal }) => getStaffOrders(signal),
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}

export function useStaffOrders() {
  return useQuery(staffOrdersQueryOptions());
}
