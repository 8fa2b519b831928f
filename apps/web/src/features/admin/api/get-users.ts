import type { SessionUser } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersQueryKey } from './admin-query-keys.ts';
import { requestUserList } from './user-requests.ts';

/** `GET /api/user`: every active account, oldest first. */
export function getUsers(signal?: AbortSignal): Promise<SessionUser[]> {
  return requestUserList('/api/user', { signal });
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
