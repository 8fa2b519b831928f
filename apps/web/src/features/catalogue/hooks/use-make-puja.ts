import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { openLoginPrompt } from '../../../lib/login-prompt.ts';
import { notifyWarning } from '../../../lib/notify.ts';
import { type OrderOffering, openOrderPrompt, rememberOrderAfterSignIn } from '../../../lib/order-prompt.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * What the Make Puja buttons do (docs/product.md#make-puja). A visitor gets the login modal with 'Login to
 * proceed' and, once signed in (and, for a new patron, named), is back on this page with the form open. A patron gets the order form for that puja at that monastery. Staff
 * and administrators cannot order (the server allows patrons only), and are told so rather than shown a
 * form that would be refused.
 */
export function useMakePuja(): (offering: OrderOffering) => void {
  const { t } = useTranslation('catalogue');
  const { token, role } = useSession();
  const { pathname, search } = useLocation();
  return useCallback(
    (offering: OrderOffering) => {
      if (!token) {
        // Once signed in (and named, for a new patron) the patron is back here with this form open.
        rememberOrderAfterSignIn(offering, `${pathname}${search}`);
        openLoginPrompt({ error: t('loginToProceed'), redirectTo: `${pathname}${search}` });
      } else if (role !== null && role !== 'user') notifyWarning(t('patronsOnly'), { id: 'make-puja' });
      else openOrderPrompt(offering);
    },
    [t, token, role, pathname, search],
  );
}
