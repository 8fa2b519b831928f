import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ROLE_HOME_PATHS } from '../../../lib/role-areas.ts';
import { signOut } from '../../../lib/session.ts';

/** `GET /api/logout`: revokes the session's token on the server. */
export function logout(): Promise<unknown> {
  // A 401 here is reported as a failed logout below, not as an expired session. Only the status matters.
  return apiRequest('/api/logout', { expireSessionOn401: false });
}

/**
 * SPEC §4 and §8: on 200 the session is cleared, the person goes to the monasteries and reads
 * "You're Logged Out"; otherwise 'Failed to logout'. A 401 means the server had already ended the session,
 * so the local one is cleared as well rather than left pointing at a dead token.
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
    mutationFn: logout,
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
