import type { Role } from '@puja/contract';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { roleRequiredFor } from '../../lib/role-areas.ts';
import { routes } from '../routes.tsx';
import { decideAccess } from './access.ts';
import { RequireAuth } from './require-auth.tsx';

/** The role the route table itself puts on a path: the `requireRole` of the RequireAuth it passes. */
function guardOf(path: string): { guarded: boolean; role: Role | undefined } {
  const matches = matchRoutes(routes, path) ?? [];
  for (const { route } of matches) {
    const element = route.element;
    if (isValidElement<{ requireRole?: Role }>(element) && element.type === RequireAuth) {
      return { guarded: true, role: element.props.requireRole };
    }
  }
  return { guarded: false, role: undefined };
}

const visitor = { token: null, role: null };
const patron = { token: 't', role: 'user' } as const;
const staff = { token: 't', role: 'monastery' } as const;
const admin = { token: 't', role: 'admin' } as const;

type Expected = 'allow' | 'sign-in' | string;

// The route table (docs/product.md#routes) × who visits: allowed, sent to sign in, or sent to their own area.
const TABLE: [path: string, visitor: Expected, patron: Expected, staff: Expected, admin: Expected][] = [
  ['/', 'allow', 'allow', 'allow', 'allow'],
  ['/monasteries', 'allow', 'allow', 'allow', 'allow'],
  ['/monastery/kopan-monastery', 'allow', 'allow', 'allow', 'allow'],
  ['/pujas', 'allow', 'allow', 'allow', 'allow'],
  ['/puja/11', 'allow', 'allow', 'allow', 'allow'],
  ['/auth', 'allow', 'allow', 'allow', 'allow'],
  ['/direct-order', 'sign-in', 'allow', '/monastery/dashboard', '/admin/dashboard'],
  ['/orders', 'sign-in', 'allow', '/monastery/dashboard', '/admin/dashboard'],
  ['/account-settings', 'sign-in', 'allow', '/monastery/dashboard', '/admin/dashboard'],
  ['/lets-begin', 'sign-in', 'allow', '/monastery/dashboard', '/admin/dashboard'],
  ['/admin/dashboard', 'sign-in', '/monasteries', '/monastery/dashboard', 'allow'],
  ['/admin/monastery', 'sign-in', '/monasteries', '/monastery/dashboard', 'allow'],
  ['/admin/puja', 'sign-in', '/monasteries', '/monastery/dashboard', 'allow'],
  ['/admin/manage-user', 'sign-in', '/monasteries', '/monastery/dashboard', 'allow'],
  ['/admin/payments', 'sign-in', '/monasteries', '/monastery/dashboard', 'allow'],
  ['/monastery/dashboard', 'sign-in', '/monasteries', 'allow', '/admin/dashboard'],
  ['/monastery/puja', 'sign-in', '/monasteries', 'allow', '/admin/dashboard'],
];

function expectedDecision(expected: Expected, path: string) {
  if (expected === 'allow') return { kind: 'allow' };
  if (expected === 'sign-in')
    return { kind: 'sign-in', redirectTo: `/auth?redirect=${encodeURIComponent(path)}` };
  return { kind: 'wrong-role', redirectTo: expected };
}

describe('route guard over the route table (docs/product.md#routes)', () => {
  describe.each(TABLE)('%s', (path, forVisitor, forPatron, forStaff, forAdmin) => {
    const { guarded, role } = guardOf(path);

    it.each([
      ['a visitor', visitor, forVisitor],
      ['a patron', patron, forPatron],
      ['monastery staff', staff, forStaff],
      ['an administrator', admin, forAdmin],
    ] as const)('%s', (_who, session, expected) => {
      const decision = guarded ? decideAccess(session, role, path) : { kind: 'allow' };
      expect(decision).toEqual(expectedDecision(expected, path));
    });

    it('needs the same role in the route table as in role-areas', () => {
      expect(role).toBe(roleRequiredFor(path));
    });
  });
});

describe('decideAccess', () => {
  it('sends a visitor without a token to sign in, remembering the whole path', () => {
    expect(decideAccess(visitor, 'user', '/orders?status=success&oid=4')).toEqual({
      kind: 'sign-in',
      redirectTo: '/auth?redirect=%2Forders%3Fstatus%3Dsuccess%26oid%3D4',
    });
  });

  it('lets a token whose role is not known yet through: the server checks every call anyway', () => {
    expect(decideAccess({ token: 't', role: null }, 'admin', '/admin/puja')).toEqual({ kind: 'allow' });
  });
});
