import { notifications } from '@mantine/notifications';
import type { SessionUser } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn } from '../lib/session.ts';
import { renderRoutes, stubApi } from '../test/render-app.tsx';
import { routes } from './routes.tsx';

const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
};
const staff: SessionUser = { ...patron, id: 2, name: 'Demo Kopan Staff', role: 'monastery', monastery_id: 1 };
const admin: SessionUser = { ...patron, id: 1, name: 'Demo Administrator', role: 'admin' };

function currentPath(router: ReturnType<typeof renderRoutes>['router']) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** The API as a signed-in person sees it: their own user from /api/me, an empty catalogue. */
function stubSignedInApi(user: SessionUser, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/me': { body: { user } },
    '/api/monastery': { body: { monasteries: [] } },
    '/api/puja': { body: { pujas: [] } },
    ...extra,
  });
}

function toastsShown(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([toast]) => {
    const { message, color } = toast as { message: string; color: string };
    return `${color}: ${message}`;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('route guard, rendered', () => {
  it('sends a patron away from the back office with a warning, to the monasteries', async () => {
    signIn({ token: 'patron-token', user: patron });
    stubSignedInApi(patron);
    const toast = vi.spyOn(notifications, 'show');
    const { router } = renderRoutes(routes, '/admin/dashboard');

    await waitFor(() => expect(currentPath(router)).toBe('/monasteries'));
    expect(toastsShown(toast)).toEqual(['yellow: Unauthorized']);
  });

  it("sends monastery staff from a patron's page to their dashboard", async () => {
    signIn({ token: 'staff-token', user: staff });
    stubSignedInApi(staff);
    const toast = vi.spyOn(notifications, 'show');
    const { router } = renderRoutes(routes, '/orders');

    await waitFor(() => expect(currentPath(router)).toBe('/monastery/dashboard'));
    expect(toastsShown(toast)).toEqual(['yellow: Unauthorized']);
    // The router's location changes before React has drawn the new page: wait for the page itself.
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.getByRole('button', { name: 'Demo Kopan Staff' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in with an error toast', async () => {
    stubApi({});
    const toast = vi.spyOn(notifications, 'show');
    const { router } = renderRoutes(routes, '/account-settings');

    await waitFor(() => expect(currentPath(router)).toBe('/auth?redirect=%2Faccount-settings'));
    expect(toastsShown(toast)).toEqual(['red: Unauthorized']);
  });

  it('sends someone signed in away from the login page, to their area', async () => {
    signIn({ token: 'admin-token', user: admin });
    stubSignedInApi(admin);
    const { router } = renderRoutes(routes, '/auth');

    await waitFor(() => expect(currentPath(router)).toBe('/admin/dashboard'));
  });

  it('sends a patron without a name to lets-begin, keeping where they were going', async () => {
    const newcomer = { ...patron, name: '', email: null };
    signIn({ token: 'new-token', user: newcomer });
    stubSignedInApi(newcomer);
    const { router } = renderRoutes(routes, '/auth?redirect=%2Forders');

    await waitFor(() => expect(currentPath(router)).toBe('/lets-begin?redirect=%2Forders'));
  });
});

describe('session in the layouts', () => {
  it("shows a patron's links and name instead of Login/Signup, and no Sign Up or Quick Links", async () => {
    signIn({ token: 'patron-token', user: patron });
    stubSignedInApi(patron);
    renderRoutes(routes, '/');

    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Monasteries', 'Pujas', 'Direct Order', 'Orders']);
    expect(await within(nav).findByRole('button', { name: 'Demo Patron' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login/Signup' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick Links' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'My Account' })).toBeInTheDocument();
  });

  it('labels a patron without a name by their phone', async () => {
    const newcomer = { ...patron, name: '' };
    signIn({ token: 'new-token', user: newcomer });
    stubSignedInApi(newcomer);
    renderRoutes(routes, '/pujas');

    expect((await screen.findAllByRole('button', { name: '+9779800000003' }))[0]).toBeInTheDocument();
  });

  it('shows visitors Login/Signup, Sign Up and the Quick Links', async () => {
    stubApi({ '/api/monastery': { body: { monasteries: [] } }, '/api/puja': { body: { pujas: [] } } });
    renderRoutes(routes, '/');

    expect(screen.getAllByRole('link', { name: 'Login/Signup' })[0]).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Quick Links' })).toBeInTheDocument();
  });

  it("logs out from the profile menu: You're Logged Out, on the monasteries, no Unauthorized", async () => {
    signIn({ token: 'patron-token', user: patron });
    const fetchMock = stubSignedInApi(patron, { '/api/logout': { body: { message: "You're Logged Out" } } });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/account-settings');

    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    await user.click(await within(nav).findByRole('button', { name: 'Demo Patron' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(currentPath(router)).toBe('/monasteries'));
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(toastsShown(toast)).toEqual(["green: You're Logged Out"]);
    const logoutCall = fetchMock.mock.calls.find(([input]) => String(input) === '/api/logout');
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer patron-token');
  });

  it('says Failed to logout when the server does not answer 200, and stays signed in', async () => {
    signIn({ token: 'patron-token', user: patron });
    stubSignedInApi(patron, { '/api/logout': { status: 500, body: { message: 'boom' } } });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/monasteries');

    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    await user.click(await within(nav).findByRole('button', { name: 'Demo Patron' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(toastsShown(toast)).toEqual(['red: Failed to logout']));
    expect(getSession().token).toBe('patron-token');
    expect(currentPath(router)).toBe('/monasteries');
  });

  it('shows the name, Settings for their own account and Logout in the back office', async () => {
    signIn({ token: 'admin-token', user: admin });
    stubSignedInApi(admin);
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Demo Administrator' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/admin/account');
  });
});

describe('an expired session (docs/product.md#sessions)', () => {
  it('goes to login from a signed-in page with Session Expired, remembering the page', async () => {
    signIn({ token: 'revoked-token', user: patron });
    stubApi({ '/api/me': { status: 401, body: { message: 'Please sign in.' } } });
    const toast = vi.spyOn(notifications, 'show');
    const { router } = renderRoutes(routes, '/account-settings');

    await waitFor(() => expect(currentPath(router)).toBe('/auth?redirect=%2Faccount-settings'));
    expect(getSession().token).toBeNull();
    expect(toastsShown(toast)).toEqual(['red: Session Expired']);
  });

  it('refreshes the stored user from the server', async () => {
    signIn({ token: 'patron-token', user: patron });
    stubSignedInApi({ ...patron, name: 'Renamed Elsewhere' });
    renderRoutes(routes, '/pujas');

    await waitFor(() => expect(getSession().name).toBe('Renamed Elsewhere'));
  });
});

describe('Make Puja', () => {
  it('does not ask someone signed in to log in', async () => {
    signIn({ token: 'patron-token', user: patron });
    const { monasteryFixture } = await import('../test/catalogue-fixtures.ts');
    stubSignedInApi(patron, {
      '/api/monastery/kopan-monastery/edit': { body: { monastery: monasteryFixture } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderRoutes(routes, '/monastery/kopan-monastery');

    await user.click((await screen.findAllByRole('button', { name: /^Make Puja: / }))[0]!);
    expect(await screen.findByRole('dialog', { name: 'Make Puja' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument();
    expect(toastsShown(toast)).toEqual([]);
  });

  it('tells staff that pujas are ordered from a patron account', async () => {
    signIn({ token: 'staff-token', user: staff });
    const { monasteryFixture } = await import('../test/catalogue-fixtures.ts');
    stubSignedInApi(staff, {
      '/api/monastery/kopan-monastery/edit': { body: { monastery: monasteryFixture } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderRoutes(routes, '/monastery/kopan-monastery');

    await user.click((await screen.findAllByRole('button', { name: /^Make Puja: / }))[0]!);
    expect(toastsShown(toast)).toEqual([
      'yellow: Pujas are ordered from a patron account. Staff and administrator accounts cannot order.',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
