import { getUserEndpoint, type SessionUser } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export function userQueryKey(id: number) {
  return [...adminUsersQueryKey, 'one', id] as const;
}

/** The account as it is now, for the edit form. */
export async function getUser(id: number, signal?: AbortSignal): Promise<SessionUser> {
  return (await callEndpoint(getUserEndpoint, { params: { id }, signal })).user;
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
    // The edit form starts from what the server holds now, never from an earlier opening of the modal.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
