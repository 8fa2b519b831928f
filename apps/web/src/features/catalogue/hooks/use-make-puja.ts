import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { openLoginPrompt } from '../../../lib/login-prompt.ts';
import { notifyInfo } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * What the Make Puja buttons do. A visitor gets the login modal with 'Login to proceed' (SPEC §2) and,
 * once signed in, stays on this page. Someone signed in is told plainly that orders cannot be placed
 * online yet, rather than being asked to sign in again.
 */
export function useMakePuja(): () => void {
  const { t } = useTranslation('catalogue');
  const { token } = useSession();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (token) notifyInfo(t('orderingNotOpen'), { id: 'make-puja' });
    else openLoginPrompt({ error: t('loginToProceed'), redirectTo: `${pathname}${search}` });
  }, [t, token, pathname, search]);
}
