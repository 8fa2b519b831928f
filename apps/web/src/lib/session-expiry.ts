import { i18n } from './i18n.ts';
import { notifyError } from './notify.ts';
import { getSession, signOut } from './session.ts';

const listeners = new Set<() => void>();

/** The app listens here to move to the login page; lib code cannot navigate by itself. */
export function onSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * docs/product.md#sessions: a 401 answer to a call made with a token logs the person out, removes the token, shows
 * 'Session Expired' and goes to login. Only once per token: when several calls fail together, or an old
 * call answers after a new sign-in, the session in place is not the one that expired.
 */
export function expireSession(sentToken: string): void {
  if (getSession().token !== sentToken) return;
  signOut('expired');
  notifyError(i18n.t('session.expired'), { id: 'session-expired' });
  for (const listener of listeners) listener();
}
