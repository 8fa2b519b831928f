import { deleteAccountEndpoint } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';
import { signOut } from '../../../lib/session.ts';

/**
 * Deletes the signed-in patron's account. The server has ended every session of it, so the browser's is
 * cleared too, with whatever the account's pages had loaded.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useEndpointMutation(deleteAccountEndpoint, {
    onSuccess: () => {
      signOut();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
    },
  });
}
