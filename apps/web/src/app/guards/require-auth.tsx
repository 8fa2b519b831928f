import type { Role } from '@puja/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { notifyError, notifyWarning } from '../../lib/notify.ts';
import { ROLE_HOME_PATHS } from '../../lib/role-areas.ts';
import { sessionEnding, useSession } from '../../lib/session.ts';
import { decideAccess } from './access.ts';

interface RequireAuthProps {
  /** The role the pages below need; without it any signed-in person may enter. */
  requireRole?: Role;
  /** Defaults to the child routes. */
  children?: ReactNode;
}

/** Wraps every route that needs a session; public routes do not use it (docs/product.md#route-guard, Route guard). */
export function RequireAuth({ requireRole, children }: RequireAuthProps) {
  const location = useLocation();
  const session = useSession();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideAccess(session, requireRole, fullPath);

  if (decision.kind === 'allow') return children ?? <Outlet />;
  if (decision.kind === 'sign-in') {
    // The session just ended on this page: logging out already said "You're Logged Out" and goes to the
    // monasteries; an expired session already said 'Session Expired' and goes to login.
    const ending = sessionEnding();
    if (ending === 'signed-out') return <Navigate to={ROLE_HOME_PATHS.user} replace />;
    if (ending === 'expired') return <Navigate to={decision.redirectTo} replace />;
  }
  return (
    <RedirectWithNotice to={decision.redirectTo} tone={decision.kind === 'sign-in' ? 'error' : 'warning'} />
  );
}

function RedirectWithNotice({ to, tone }: { to: string; tone: 'error' | 'warning' }) {
  const { t } = useTranslation();
  useEffect(() => {
    const notify = tone === 'error' ? notifyError : notifyWarning;
    notify(t('guard.unauthorized'), { id: 'route-guard-unauthorized' });
  }, [t, tone]);
  return <Navigate to={to} replace />;
}
