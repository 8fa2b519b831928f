import type { Role } from '@puja/contract';

/**
 * Who may call each route. Every /api route must declare it in `config.access`, or the app refuses to
 * start: no route can forget to check who is asking.
 */
export type Access = 'public' | 'signedIn' | { roles: Role[] };

// Frozen: route configs are shared between routes, so nothing may write into them.
export const publicAccess = Object.freeze({ access: 'public' } as const satisfies { access: Access });
export const signedIn = Object.freeze({ access: 'signedIn' } as const satisfies { access: Access });
export function requireRole(...roles: Role[]): { access: Access } {
  return Object.freeze({ access: Object.freeze({ roles }) });
}
