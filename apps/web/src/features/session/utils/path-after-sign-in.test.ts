import { describe, expect, it } from 'vitest';
import { forgetOrderAfterSignIn, rememberOrderAfterSignIn } from '../../../lib/order-prompt.ts';
import { pathAfterSignIn } from './path-after-sign-in.ts';

const offering = {
  monastery: { id: 1, name: 'Kopan Monastery' },
  puja: { id: 2, name: 'Medicine Buddha Puja' },
  cost: 3000,
};

const admin = { role: 'admin', name: 'Demo Administrator' } as const;
const staff = { role: 'monastery', name: 'Demo Kopan Staff' } as const;
const patron = { role: 'user', name: 'Demo Patron' } as const;
const newPatron = { role: 'user', name: '' } as const;

describe('pathAfterSignIn (docs/product.md#after-sign-in, after login)', () => {
  it('sends staff to their dashboards', () => {
    expect(pathAfterSignIn(admin, null)).toBe('/admin/dashboard');
    expect(pathAfterSignIn(staff, null)).toBe('/monastery/dashboard');
  });

  it('sends a patron to the page they were trying to reach, else the monasteries', () => {
    expect(pathAfterSignIn(patron, '/orders?oid=3')).toBe('/orders?oid=3');
    expect(pathAfterSignIn(patron, '/monastery/kopan-monastery')).toBe('/monastery/kopan-monastery');
    expect(pathAfterSignIn(patron, null)).toBe('/monasteries');
  });

  it('sends a patron without a name to lets-begin, keeping where they were going', () => {
    expect(pathAfterSignIn(newPatron, null)).toBe('/lets-begin');
    expect(pathAfterSignIn(newPatron, '/orders?oid=3')).toBe('/lets-begin?redirect=%2Forders%3Foid%3D3');
    expect(pathAfterSignIn({ role: 'user', name: '   ' }, '/lets-begin')).toBe('/lets-begin');
  });

  it('sends a patron without a name straight back to a Make Puja form waiting for them, which asks for it', () => {
    rememberOrderAfterSignIn(offering, '/puja/medicine-buddha-puja');
    expect(pathAfterSignIn(newPatron, '/puja/medicine-buddha-puja')).toBe('/puja/medicine-buddha-puja');
    // Another page than the order's: the name first, as before.
    expect(pathAfterSignIn(newPatron, '/orders')).toBe('/lets-begin?redirect=%2Forders');
    forgetOrderAfterSignIn();
    expect(pathAfterSignIn(newPatron, '/puja/medicine-buddha-puja')).toBe(
      '/lets-begin?redirect=%2Fpuja%2Fmedicine-buddha-puja',
    );
  });

  it('follows a redirect only into pages of the role, and never off the site', () => {
    expect(pathAfterSignIn(admin, '/admin/puja')).toBe('/admin/puja');
    expect(pathAfterSignIn(admin, '/orders')).toBe('/admin/dashboard');
    expect(pathAfterSignIn(staff, '/monastery/puja')).toBe('/monastery/puja');
    expect(pathAfterSignIn(staff, '/admin/puja')).toBe('/monastery/dashboard');
    expect(pathAfterSignIn(patron, '/admin/puja')).toBe('/monasteries');
    expect(pathAfterSignIn(patron, '//evil.example/')).toBe('/monasteries');
  });

  it('follows the redirect while the role is not known yet', () => {
    expect(pathAfterSignIn({ role: null, name: null }, '/orders')).toBe('/orders');
    expect(pathAfterSignIn({ role: null, name: null }, null)).toBe('/monasteries');
  });
});
