import { revokeSessionsResponseSchema, type SessionUser } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditLogQueryKey } from './admin-query-keys.ts';

/**
 * `POST /api/user/{id}/revoke-sessions` (ours, docs/decisions/005): signs the person out on every device.
 * The answer also counts the sessions ended; the person it names is what the toast needs.
 */
export async function revokeUserSessions(id: number): Promise<SessionUser> {
  return (
    await apiRequest(`/api/user/${id}/revoke-sessions`, {
      method: 'POST',
      schema: revokeSessionsResponseSchema,
    })
  ).user;
}

export function useRevokeUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
  });
}
