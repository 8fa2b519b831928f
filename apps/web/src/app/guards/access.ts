import type { Role } from '@puja/contract';
import { ROLE_HOME_PATHS } from '../../lib/role-areas.ts';

export interface ClientSession {
  token: string | null;
  /** Unknown while only a token is stored, until `GET /api/me` brings the session's user. */
  role: Role | null;
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'sign-in'; redirectTo: string }
  | { kind: 'wrong-role'; redirectTo: string };

/**
 * The route guard (docs/product.md#route-guard) as a pure rule. No token: sign in, then come back to `fullPath`. A known role that
 * is not the page's: go to that role's own area. An unknown role is let through: the server checks every
 * call anyway (401/403), and the guard only spares people pages they cannot use.
 */
export function decideAccess(
  session: ClientSession,
  requireRole: Role | undefined,
  fullPath: string,
): AccessDecision {
  if (!session.token) {
    return { kind: 'sign-in', redirectTo: `/auth?redirect=${encodeURIComponent(fullPath)}` };
  }
  if (requireRole && session.role && session.role !== requireRole) {
    return { kind: 'wrong-role', redirectTo: ROLE_HOME_PATHS[session.role] };
  }
  return { kind: 'allow' };
}
