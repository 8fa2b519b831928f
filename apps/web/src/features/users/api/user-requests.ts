import type { UsersResponse } from '@puja/contract';
import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  adminStatsQueryKey,
  adminUsersListQueryKey,
  adminUsersQueryKey,
  auditLogQueryKey,
} from '../../../lib/admin-query-keys.ts';

/**
 * A write answers the first page of the unsearched list, which is shown at once. Every other page may have
 * changed too (a new account, a name that now matches a search), and so may the dashboard's patron count
 * and the audit log: those are fetched again.
 */
export function applyUsersWrite(queryClient: QueryClient, firstPage: UsersResponse): void {
  const firstPageKey = adminUsersListQueryKey({ page: 1, q: '' });
  queryClient.setQueryData(firstPageKey, firstPage);
  void queryClient.invalidateQueries({
    queryKey: adminUsersQueryKey,
    predicate: (query) => hashKey(query.queryKey) !== hashKey(firstPageKey),
  });
  void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
  void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
}

export function useApplyUsersWrite() {
  const queryClient = useQueryClient();
  return (firstPage: UsersResponse) => applyUsersWrite(queryClient, firstPage);
}
