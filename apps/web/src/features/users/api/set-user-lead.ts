import { setLeadEndpoint } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { adminUsersQueryKey, auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';

/** Makes a monastery's staff member its lead, or not (docs/decisions/041); the lists read it again. */
export function useSetUserLead() {
  const queryClient = useQueryClient();
  return useEndpointMutation(setLeadEndpoint, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]),
  });
}
