import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { monasteryFixture, pujaFixture } from '../test/catalogue-fixtures.ts';
import { renderRoutes, stubApi } from '../test/render-app.tsx';
import { routes } from './routes.tsx';

function currentPath(router: ReturnType<typeof renderRoutes>['router']) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

describe('routes', () => {
  it('home: greets, offers Sign Up, and shows monasteries and pujas linking by slug or id', async () => {
    const user = userEvent.setup();
    const { monasteries: _, ...puja } = pujaFixture;
    stubApi({
      '/api/monastery': {
        body: { monasteries: [monasteryFixture, { ...monasteryFixture, id: 7, slug: null }] },
      },
      '/api/puja': { body: { pujas: [puja] } },
    });
    renderRoutes(routes, '/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tashi Delek, welcome' }),
    ).toBeInTheDocument();
    const monasteries = await screen.findAllByRole('link', { name: 'Kopan Monastery' });
    expect(monasteries.map((link) => link.getAttribute('href'))).toEqual([
      '/monastery/kopan-monastery',
      '/monastery/7',
    ]);
    expect(await screen.findByRole('link', { name: 'Green Tara Puja' })).toHaveAttribute(
      'href',
      '/puja/green-tara-puja',
    );
    expect(screen.getByRole('link', { name: 'See all monasteries' })).toHaveAttribute('href', '/monasteries');
    expect(screen.getByRole('link', { name: 'See all pujas' })).toHaveAttribute('href', '/pujas');

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // The login modal's code loads on first use: slow in jsdom.
    const dialog = await screen.findByRole('dialog', { name: 'Login' }, { timeout: 10_000 });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
  });

  it('monasteries list: the heading and previews cut to 100 characters, the ellipsis included', async () => {
    stubApi({
      '/api/monastery': { body: { monasteries: [{ ...monasteryFixture, description: 'x'.repeat(120) }] } },
    });
    renderRoutes(routes, '/monasteries');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monasteries in our list' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(`${'x'.repeat(99)}…`)).toBeInTheDocument();
  });

  it('sends a visitor without a token from a signed-in page to login, remembering the page', async () => {
    stubApi({});
    const { router } = renderRoutes(routes, '/orders?status=success&oid=4');

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentPath(router)).toBe(
        `/auth?redirect=${encodeURIComponent('/orders?status=success&oid=4')}`,
      ),
    );
    // The login layout is a lazy route: its first load is slow in jsdom.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Get Started with your Dashboard' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The simplest and fastest way to offer prayers at any monastery'),
    ).toBeInTheDocument();
  });

  it('sends /monastery to its dashboard first, so the sign-in redirect names the real page', async () => {
    stubApi({});
    const { router } = renderRoutes(routes, '/monastery');

    await waitFor(() => expect(currentPath(router)).toBe('/auth?redirect=%2Fmonastery%2Fdashboard'));
  });

  it('guards the back office the same way', async () => {
    stubApi({});
    const { router } = renderRoutes(routes, '/admin/dashboard');

    await waitFor(() => expect(currentPath(router)).toBe('/auth?redirect=%2Fadmin%2Fdashboard'));
    expect(screen.queryByRole('navigation', { name: 'Back office navigation' })).not.toBeInTheDocument();
  });

  it('shows the admin back office with its menu, highlighting the current section', async () => {
    window.localStorage.setItem('token', 'a-token');
    stubApi({});
    renderRoutes(routes, '/admin/manage-user');

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Back office navigation' });
    const items = within(menu).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      'Dashboard',
      'Orders',
      'Monastery',
      'Puja',
      'Order days',
      'Users',
      'Payments',
      'Payouts',
      'Page changes',
      'Concerns',
      'Audit log',
    ]);
    expect(within(menu).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('sends /monastery to the monastery dashboard, with the monastery menu', async () => {
    window.localStorage.setItem('token', 'a-token');
    stubApi({});
    const { router } = renderRoutes(routes, '/monastery');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/monastery/dashboard');
    const menu = screen.getByRole('navigation', { name: 'Back office navigation' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Run sheet', 'Puja', 'Order days', 'Earnings', 'Our page', 'Team']);
  });

  it('shows the not-found page, in the public layout, for any other path', async () => {
    stubApi({});
    renderRoutes(routes, '/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Login/Signup' })[0]).toHaveAttribute('href', '/auth');
  });
});
