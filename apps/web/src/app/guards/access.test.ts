import { describe, expect, it } from 'vitest';
import { decideAccess } from './access.ts';

describe('decideAccess', () => {
  it('sends a visitor without a token to sign in, remembering the whole path', () => {
    expect(decideAccess({ token: null, role: null }, 'user', '/orders?status=success&oid=4')).toEqual({
      kind: 'sign-in',
      redirectTo: '/auth?redirect=%2Forders%3Fstatus%3Dsuccess%26oid%3D4',
    });
  });

  it('sends someone with another role to their own area', () => {
    expect(decideAccess({ token: 't', role: 'user' }, 'admin', '/admin/puja')).toEqual({
      kind: 'wrong-role',
      redirectTo: '/monasteries',
    });
    expect(decideAccess({ token: 't', role: 'monastery' }, 'admin', '/admin/puja')).toEqual({
      kind: 'wrong-role',
      redirectTo: '/monastery/dashboard',
    });
  });

  it('lets the right role in, and a token whose role is not known yet', () => {
    expect(decideAccess({ token: 't', role: 'admin' }, 'admin', '/admin/puja')).toEqual({ kind: 'allow' });
    expect(decideAccess({ token: 't', role: null }, 'admin', '/admin/puja')).toEqual({ kind: 'allow' });
  });
});
