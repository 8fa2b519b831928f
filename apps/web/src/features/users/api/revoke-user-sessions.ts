import { revokeUserSessionsEndpoint, type SessionUser } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/**
 * Signs the person out on every device (ours, docs/decisions/005). The answer also counts the sessions
 * ended; the person it names is what the toast needs.
 */
export async function revokeUserSessions(id: number): Promise<SessionUser> {
  return (await callEndpoint(revokeUserSessionsEndpoint, { params: { id } })).user;
}

export function useRevokeUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
  });
}
