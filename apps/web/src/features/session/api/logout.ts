import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ROLE_HOME_PATHS } from '../../../lib/role-areas.ts';
import { signOut } from '../../../lib/session.ts';

/**
 * On 200 the session is cleared, the person goes to the monasteries and reads "You're Logged Out";
 * otherwise 'Failed to logout'. A 401 means the server had already ended the session, so the local one is
 * cleared as well rather than left pointing at a dead token.
 */
export function useLogout(): { logOut: () => void; isPending: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function endLocally(): void {
    signOut();
    // Whatever the last person's signed-in pages loaded is not the next person's to see.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
    void navigate(ROLE_HOME_PATHS.user);
  }

  const mutation = useMutation({
    // The call is loaded on use: the layouts that hold this hook are in the first bundle, and the contract
    // module declaring the endpoint (with the session's schemas) is not.
    mutationFn: async () => (await import('./logout-request.ts')).logout(),
    onSuccess: () => {
      endLocally();
      notifySuccess(t('session.loggedOut'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) endLocally();
      notifyError(t('session.logoutFailed'));
    },
  });
  return { logOut: () => mutation.mutate(), isPending: mutation.isPending };
}
