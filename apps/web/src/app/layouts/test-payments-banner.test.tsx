import type { SessionUser } from '@puja/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { renderRoutes, stubApi } from '../../test/render-app.tsx';
import { routes } from '../routes.tsx';

/**
 * A production site taking test payments says so on every page: public pages, the sign-in page, the
 * patron's own pages and both back offices (`payments.test_mode` in GET /api/client-config).
 */

const BANNER = /Payments here are tests: no money moves/;
const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
};
const staff: SessionUser = { ...patron, id: 2, name: 'Kopan Staff', role: 'monastery', monastery_id: 1 };
const admin: SessionUser = { ...patron, id: 1, name: 'Administrator', role: 'admin' };

function stubSite(testMode: boolean, user?: SessionUser) {
  stubApi({
    '/api/client-config': {
      body: {
        captcha: { provider: 'none', site_key: null },
        support: { email: null, phone: null },
        social: { facebook: 'https://www.facebook.com/monastery.puja', instagram: null },
        payments: { test_mode: testMode },
      },
    },
    '/api/monastery': { body: { monasteries: [] } },
    '/api/puja': { body: { pujas: [] } },
    ...(user ? { '/api/me': { body: { user } } } : {}),
  });
}

const PAGES: { path: string; user?: SessionUser; heading: RegExp }[] = [
  { path: '/', heading: /welcome/ },
  { path: '/pujas', heading: /pujas/i },
  { path: '/auth', heading: /Get Started/ },
  { path: '/orders', user: patron, heading: /orders/i },
  { path: '/monastery/puja', user: staff, heading: /puja/i },
  { path: '/admin/manage-user', user: admin, heading: /users/i },
];

describe('the banner of a site whose payments are tests', () => {
  it.each(PAGES)('is on $path', async ({ path, user, heading }) => {
    if (user) signIn({ token: `${user.role}-token`, user });
    stubSite(true, user);
    renderRoutes(routes, path);

    // The page's own lazy code is slow to load in jsdom.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 }),
    ).toBeVisible();
    const banner = await screen.findByRole('note');
    expect(banner).toHaveTextContent('Test site');
    expect(banner).toHaveTextContent(BANNER);
  });

  it('is nowhere on a site taking real money', async () => {
    stubSite(false);
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: /welcome/ })).toBeVisible();
    // The answer has arrived: the footer shows the social page it names.
    expect(await screen.findByRole('link', { name: 'Facebook' })).toBeVisible();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
