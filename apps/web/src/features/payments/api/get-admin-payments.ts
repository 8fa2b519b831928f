import {
  type AdminPaymentsResponse,
  adminPaymentsEndpoint,
  type PaymentProvider,
  type PaymentStatus,
} from '@puja/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPaymentsQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The Payments screen's filters; what is absent is not filtered on. Days are Nepal days, YYYY-MM-DD. */
export interface PaymentFilters {
  status?: PaymentStatus | undefined;
  provider?: PaymentProvider | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** An order number, whole or its start. */
  q?: string | undefined;
}

/** The filters (and page, for the list) as the query, empty ones and the first page left out. */
export function paymentsQuery(filters: PaymentFilters, page?: number) {
  const query: PaymentFilters & { page?: number } = {};
  for (const name of ['status', 'provider', 'from', 'to', 'q'] as const) {
    const value = filters[name]?.trim();
    if (value) Object.assign(query, { [name]: value });
  }
  if (page !== undefined && page > 1) query.page = page;
  return query;
}

/**
 * One page of payments (refunds due first, then newest), how many match, and
 * the refunds due across all of them.
 */
export function getAdminPayments(
  filters: PaymentFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AdminPaymentsResponse> {
  return callEndpoint(adminPaymentsEndpoint, {
    query: paymentsQuery(filters, page),
    ...(signal ? { signal } : {}),
  });
}

export function adminPaymentsQueryOptions(filters: PaymentFilters, page: number) {
  return queryOptions({
    queryKey: [...adminPaymentsQueryKey, { ...filters, page }],
    queryFn: ({ signal }) => getAdminPayments(filters, page, signal),
    // The rows of the last page stay while the next loads, instead of the table flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayments(filters: PaymentFilters, page: number) {
  return useQuery(adminPaymentsQueryOptions(filters, page));
}
