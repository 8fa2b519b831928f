import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSession, updateUser, useSession } from '../../../lib/session.ts';

/**
 * Checks the stored session with the server once per visit (and when the tab comes back after a while):
 * a revoked or expired token answers 401, which ends the session ('Session Expired'); otherwise the
 * stored user is refreshed, so a changed name or role shows without signing in again.
 */
export function useSessionRefresh(): void {
  const { token } = useSession();
  const me = useQuery({
    queryKey: ['session', 'me', token],
    // Loaded on demand: the contract module with the user schema and the session's endpoints stays out of
    // visitors' first bundle.
    queryFn: async ({ signal }) => (await import('./get-me.ts')).getMe(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const user = me.data?.user;
  useEffect(() => {
    if (user && token && getSession().token === token) updateUser(user);
  }, [user, token]);
}
