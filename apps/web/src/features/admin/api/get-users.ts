import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersListQueryKey } from './admin-query-keys.ts';
import { requestUserList } from './user-requests.ts';

/** `GET /api/user`: a page of active accounts, oldest first, searched on the server. */
export function usersQueryOptions(query: { page: number; q: string }) {
  const search = new URLSearchParams({ page: String(query.page) });
  if (query.q) search.set('q', query.q);
  return queryOptions({
    queryKey: adminUsersListQueryKey(query),
    queryFn: ({ signal }) => requestUserList(`/api/user?${search}`, { signal }),
  });
}

export function useUsers(query: { page: number; q: string }) {
  // The page shown stays while the next one loads.
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
