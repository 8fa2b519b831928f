import type { Role } from '@puja/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { readToken } from '../../lib/auth-token.ts';
import { notifyError, notifyWarning } from '../../lib/notify.ts';
import { decideAccess } from './access.ts';

interface RequireAuthProps {
  /** The role the pages below need; without it any signed-in person may enter. */
  requireRole?: Role;
  /** Defaults to the child routes. */
  children?: ReactNode;
}

/** Wraps every route that needs a session; public routes do not use it (SPEC §2, Route guard). */
export function RequireAuth({ requireRole, children }: RequireAuthProps) {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  // Only the token is stored on the client so far; the role joins it when the session store does.
  const decision = decideAccess({ token: readToken(), role: null }, requireRole, fullPath);

  if (decision.kind === 'allow') return children ?? <Outlet />;
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
