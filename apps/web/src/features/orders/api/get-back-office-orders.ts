import {
  type BackOfficeOrderFilter,
  type BackOfficeOrdersQuery,
  backOfficeOrdersEndpoint,
} from '@puja/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { backOfficeOrdersQueryKey } from './orders-query-keys.ts';

/** The orders screen's search and filters; what is absent is not filtered on. Days are YYYY-MM-DD. */
export interface BackOfficeOrderFilters {
  q?: string | undefined;
  status?: BackOfficeOrderFilter | undefined;
  puja?: number | undefined;
  /** Administrators only: one monastery's orders. */
  monastery?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The filters and page as the query string, with what is empty (and the first page) left out. */
export function backOfficeOrdersQuery(filters: BackOfficeOrderFilters, page: number): BackOfficeOrdersQuery {
  const query: BackOfficeOrdersQuery = {};
  if (filters.q?.trim()) query.q = filters.q.trim();
  if (filters.status) query.status = filters.status;
  if (filters.puja) query.puja = filters.puja;
  if (filters.monastery) query.monastery = filters.monastery;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (page > 1) query.page = page;
  return query;
}

/** `GET /api/orders`: one page of orders (staff: their monastery's; administrators: every one), open first. */
export function backOfficeOrdersQueryOptions(filters: BackOfficeOrderFilters, page: number) {
  const query = backOfficeOrdersQuery(filters, page);
  return queryOptions({
    queryKey: [...backOfficeOrdersQueryKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(backOfficeOrdersEndpoint, { query, signal }),
    // The last page's cards stay while the next loads, instead of the list flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useBackOfficeOrders(filters: BackOfficeOrderFilters, page: number) {
  return useQuery(backOfficeOrdersQueryOptions(filters, page));
}
