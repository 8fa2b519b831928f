import {
  type ApproveManyResponse,
  approveManyOrdersEndpoint,
  exportOrdersEndpoint,
  matchingOrderIdsEndpoint,
} from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { callEndpoint, endpointUrl } from '../../../lib/endpoint-client.ts';
import { type BackOfficeOrderFilters, backOfficeOrdersQuery } from './get-back-office-orders.ts';
import { backOfficeOrdersQueryKey, staffOrdersQueryKey } from './orders-query-keys.ts';

/** The search and filters without the page: what "every matching order" and an export cover. */
function filterQuery(filters: BackOfficeOrderFilters) {
  const { page: _page, ...query } = backOfficeOrdersQuery(filters, 1);
  return query;
}

/** `GET /api/orders/ids`: the ids of the orders the filters match (at most APPROVE_MANY_LIMIT), for selecting them all. */
export function fetchMatchingOrderIds(filters: BackOfficeOrderFilters) {
  return callEndpoint(matchingOrderIdsEndpoint, { query: filterQuery(filters) });
}

/**
 * `POST /api/orders/approve-many` (docs/decisions/039): each order approved on its own, the answer saying
 * what became of each. Every list of orders is read again afterwards, whatever the answer.
 */
export function useApproveMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: readonly number[]): Promise<ApproveManyResponse> =>
      callEndpoint(approveManyOrdersEndpoint, { body: { order_ids: [...orderIds] } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: backOfficeOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
      ]);
    },
  });
}

/** The monastery's orders the filters match, as a CSV file (`GET /api/orders/export.csv`). */
export function useExportOrders() {
  return useMutation({
    mutationFn: (filters: BackOfficeOrderFilters) =>
      downloadFile(endpointUrl(exportOrdersEndpoint, { query: filterQuery(filters) }), 'orders.csv'),
  });
}
