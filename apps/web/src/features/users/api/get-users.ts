import { listUsersEndpoint } from '@puja/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersListQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** A page of active accounts, oldest first, searched on the server (an empty `q` is left out). */
export function usersQueryOptions(query: { page: number; q: string }) {
  return queryOptions({
    // The admin key, not the endpoint's: a write puts its answer under the first page's key.
    queryKey: adminUsersListQueryKey(query),
    queryFn: ({ signal }) =>
      callEndpoint(listUsersEndpoint, { query: { page: query.page, q: query.q }, signal }),
  });
}

export function useUsers(query: { page: number; q: string }) {
  // The page shown stays while the next one loads.
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
