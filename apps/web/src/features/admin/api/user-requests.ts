import { type SessionUser, usersResponseSchema } from '@puja/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { adminStatsQueryKey, adminUsersQueryKey, auditLogQueryKey } from './admin-query-keys.ts';

/** Every user call answers with the whole list (`{ users }`, API.md "Users"), checked against the contract. */
export async function requestUserList(path: string, options: RequestOptions = {}): Promise<SessionUser[]> {
  return (await apiRequest(path, { ...options, schema: usersResponseSchema })).users;
}

/** After a write the answer is the fresh list; the dashboard's patron count may have changed too. */
export function applyUsersWrite(queryClient: QueryClient, users: SessionUser[]): void {
  queryClient.setQueryData(adminUsersQueryKey, users);
  void queryClient.invalidateQueries({ queryKey: [...adminUsersQueryKey, 'one'] });
  void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
  void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
}

export function useApplyUsersWrite() {
  const queryClient = useQueryClient();
  return (users: SessionUser[]) => applyUsersWrite(queryClient, users);
}
