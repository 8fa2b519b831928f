import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { monastery, signInAsAdmin } from '../../../test/admin-fixtures.ts';
import { monasteryFixture } from '../../../test/catalogue-fixtures.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { chooseOption, pretendToBeAPhone, renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { staffMember } from '../../../test/staff-fixtures.ts';
import { AdminOrdersPage, MonasteryOrdersPage } from './back-office-orders-page.tsx';

const paid = orderFixture({ id: 41, payment_status: 'Completed' });
// A patron who signed in by phone and never gave a name.
const nameless = orderFixture({
  id: 42,
  number: 'PJ-4TX8WN',
  user_id: 9,
  user: { name: '', email: null, phone: '+9779811111111' },
  status: 'completed',
  payment_status: 'Completed',
});

function ordersPage(orders = [paid, nameless], total = 60, page = 1) {
  return { body: { orders, page, pageSize: 25, total } };
}

const offered = {
  body: { pujas: [], monasteryPuja: { pujas: monasteryFixture.pujas } },
};

/** The query strings `GET /api/orders` was called with, in order. */
function ordersQueries(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === '/api/orders')
    .map((url) => url.split('?')[1] ?? '');
}

function renderStaffList(path = '/monastery/orders', answers: Parameters<typeof stubApi>[0] = {}) {
  signIn({ token: 'staff-token', user: staffMember });
  const fetchMock = stubApi({ '/api/orders': ordersPage(), '/api/monastery-puja': offered, ...answers });
  const view = renderRoutes([{ path: '/monastery/orders', element: <MonasteryOrdersPage /> }], path);
  return { fetchMock, user: userEvent.setup(), ...view };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the staff's orders screen", () => {
  it('lists each order with its number, patron (their phone when nameless), puja, day, amount and stage', async () => {
    renderStaffList();
    await screen.findAllByTestId('back-office-order');
    const table = screen.getByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByTestId('back-office-order');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Open order PJ-7K3M9Q' })).toHaveAttribute(
      'href',
      '/monastery/orders/41',
    );
    expect(within(rows[0]!).getByText('Demo Patron')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('To approve')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+9779811111111')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Completed')).toBeInTheDocument();
    // Staff see only their monastery's orders: no monastery column, no monastery filter.
    expect(within(table).queryByRole('columnheader', { name: 'Monastery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Monastery' })).not.toBeInTheDocument();
    // 60 orders, 25 a page.
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('asks the server for the filters and page in the address, and keeps them there', async () => {
    const { fetchMock, user, router } = renderStaffList(
      '/monastery/orders?status=completed&page=2&from=2026-12-01',
    );
    await screen.findByRole('table', { name: 'Orders' });
    expect(ordersQueries(fetchMock)).toEqual(['status=completed&from=2026-12-01&page=2']);

    await chooseOption(user, screen.getByRole('textbox', { name: 'Status' }), 'To approve');
    await waitFor(() => expect(ordersQueries(fetchMock).at(-1)).toBe('status=to_approve&from=2026-12-01'));
    // A new filter starts from the first page; the address says what is shown.
    expect(router.state.location.search).toBe('?status=to_approve&from=2026-12-01');

    await chooseOption(user, screen.getByRole('textbox', { name: 'Puja' }), 'Medicine Buddha Puja');
    await waitFor(() =>
      expect(ordersQueries(fetchMock).at(-1)).toBe('status=to_approve&puja=12&from=2026-12-01'),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'PJ-4TX');
    await waitFor(() =>
      expect(ordersQueries(fetchMock).at(-1)).toBe('q=PJ-4TX&status=to_approve&puja=12&from=2026-12-01'),
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(ordersQueries(fetchMock).at(-1)).toBe('q=PJ-4TX&status=to_approve&puja=12&from=2026-12-01&page=2');

    // Back returns to the first page of the same filters.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).not.toContain('page=2'));
    expect(router.state.location.search).toContain('status=to_approve');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it("leaves out a monastery in the address: staff see their own monastery's orders only", async () => {
    const { fetchMock } = renderStaffList('/monastery/orders?monastery=2&status=approved');
    await screen.findAllByTestId('back-office-order');
    expect(ordersQueries(fetchMock)).toEqual(['status=approved']);
  });

  it('says when no order matches', async () => {
    renderStaffList('/monastery/orders?status=expired', { '/api/orders': ordersPage([], 0) });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
  });

  it('shows cards, every field in view, on a phone', async () => {
    pretendToBeAPhone();
    renderStaffList();
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByTestId('back-office-order');
    expect(within(cards[1]!).getByText('+9779811111111')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: 'Open order PJ-4TX8WN' })).toBeInTheDocument();
  });
});

describe("the administrator's orders screen", () => {
  it('names each order’s monastery and filters by monastery', async () => {
    signInAsAdmin();
    const fetchMock = stubApi({
      '/api/orders': ordersPage(),
      '/api/monastery': {
        body: { monasteries: [monasteryFixture, monastery({ id: 2, slug: 'sera', name: 'Sera Monastery' })] },
      },
    });
    const { router } = renderRoutes(
      [{ path: '/admin/orders', element: <AdminOrdersPage /> }],
      '/admin/orders',
    );
    const user = userEvent.setup();
    // Role queries walk the whole page: wait for the rows by their test id, then look at the table.
    await screen.findAllByTestId('back-office-order');
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Monastery' })).toBeInTheDocument();
    expect(within(table).getAllByText('Kopan Monastery')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Open order PJ-7K3M9Q' })).toHaveAttribute(
      'href',
      '/admin/orders/41',
    );

    await chooseOption(user, screen.getByRole('textbox', { name: 'Monastery' }), 'Sera Monastery');
    await chooseOption(user, screen.getByRole('textbox', { name: 'Status' }), 'Declined');
    await waitFor(() => expect(ordersQueries(fetchMock).at(-1)).toBe('status=declined&monastery=2'));
    expect(router.state.location.search).toBe('?monastery=2&status=declined');
  });
});
