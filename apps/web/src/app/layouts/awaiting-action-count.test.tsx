import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ordersAwaitingActionQueryOptions } from '../../features/orders/api/get-orders-awaiting-action.ts';
import { signIn } from '../../lib/session.ts';
import { signInAsAdmin } from '../../test/admin-fixtures.ts';
import { renderRoutes, stubApi } from '../../test/render-app.tsx';
import { callsTo, staffMember } from '../../test/staff-fixtures.ts';
import { BackOfficeLayout } from './back-office-layout.tsx';

function renderLayout(area: 'monastery' | 'admin') {
  return renderRoutes(
    [
      {
        path: `/${area}`,
        element: <BackOfficeLayout area={area} />,
        children: [{ path: 'dashboard', element: <p>Page</p> }],
      },
    ],
    `/${area}/dashboard`,
  );
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe("the staff's count of paid orders to approve", () => {
  it('shows beside Orders in the sidebar and follows the server when the window comes back into view', async () => {
    signIn({ token: 'staff-token', user: staffMember });
    const fetchMock = stubApi({
      '/api/orders/awaiting-action': [{ body: { count: 2 } }, { body: { count: 3 } }],
    });
    renderLayout('monastery');
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    const orders = within(nav).getByRole('link', { name: /^Orders/ });
    expect(orders).toHaveAttribute('href', '/monastery/orders');
    await waitFor(() => expect(orders).toHaveAccessibleName('Orders 2 paid orders to approve'));
    expect(within(orders).getByTestId('awaiting-action-count')).toHaveTextContent('2');
    // On a phone the sidebar is folded away: the top bar links to the orders to approve.
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: '2 paid orders to approve' }),
    ).toHaveAttribute('href', '/monastery/orders?status=to_approve');

    // A phone taken out of a pocket: the window is looked at again, and the count is asked afresh.
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(orders).toHaveAccessibleName('Orders 3 paid orders to approve'));
    expect(callsTo(fetchMock, '/api/orders/awaiting-action', 'GET')).toHaveLength(2);
  });

  it('is asked again every 30 seconds while the back office is open', () => {
    const options = ordersAwaitingActionQueryOptions();
    expect(options.refetchInterval).toBe(30_000);
    expect(options.refetchOnWindowFocus).toBe('always');
  });

  it('shows nothing while no paid order waits', async () => {
    signIn({ token: 'staff-token', user: staffMember });
    const fetchMock = stubApi({ '/api/orders/awaiting-action': { body: { count: 0 } } });
    renderLayout('monastery');
    await waitFor(() => expect(callsTo(fetchMock, '/api/orders/awaiting-action', 'GET')).toHaveLength(1));
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('awaiting-action-count')).not.toBeInTheDocument();
  });

  it('is not asked for in the administrators’ sidebar, which links to every monastery’s orders', async () => {
    signInAsAdmin();
    const fetchMock = stubApi({});
    renderLayout('admin');
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(callsTo(fetchMock, '/api/orders/awaiting-action', 'GET')).toHaveLength(0);
  });
});
