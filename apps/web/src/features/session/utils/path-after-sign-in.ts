import type { Role } from '@puja/contract';
import { pathOfOrderAfterSignIn } from '../../../lib/order-prompt.ts';
import { safeRedirectTarget } from '../../../lib/redirect-target.ts';
import { ROLE_HOME_PATHS, roleRequiredFor } from '../../../lib/role-areas.ts';

export const LETS_BEGIN_PATH = '/lets-begin';

function pathnameOf(target: string): string {
  return target.split(/[?#]/, 1)[0] ?? target;
}

/**
 * Where someone goes once signed in (docs/product.md#after-sign-in): staff to their dashboard, a patron to the page they were
 * trying to reach or else the monasteries, and a patron without a name first to lets-begin, which then
 * continues to that page; unless a Make Puja form waits on that page, which asks for the name itself
 * (one screen, docs/decisions/029). A staff member sent to sign in from one of their own pages goes back there too;
 * a redirect to a page their role cannot open is dropped instead of bouncing off the guard.
 */
export function pathAfterSignIn(
  user: { role: Role | null; name: string | null },
  redirect: string | null | undefined,
): string {
  const target = safeRedirectTarget(redirect ?? null);
  const requiredRole = target ? roleRequiredFor(pathnameOf(target)) : undefined;

  if (user.role === 'admin' || user.role === 'monastery') {
    return target && requiredRole === user.role ? target : ROLE_HOME_PATHS[user.role];
  }
  const allowed = target && (requiredRole === undefined || requiredRole === 'user') ? target : null;
  const orderWaits = allowed !== null && pathOfOrderAfterSignIn() === allowed;
  if (
    user.role === 'user' &&
    !user.name?.trim() &&
    !orderWaits &&
    pathnameOf(allowed ?? '') !== LETS_BEGIN_PATH
  ) {
    return allowed ? `${LETS_BEGIN_PATH}?redirect=${encodeURIComponent(allowed)}` : LETS_BEGIN_PATH;
  }
  return allowed ?? ROLE_HOME_PATHS.user;
}
