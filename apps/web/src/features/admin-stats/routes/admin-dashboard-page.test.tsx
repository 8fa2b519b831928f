import type { AdminStatsResponse, AuditLogResponse } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin, stubRoutes } from '../../../test/admin-fixtures.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { RecentActivity } from '../../audit/components/recent-activity.tsx';
import { AdminDashboardPage } from './admin-dashboard-page.tsx';

const stats: AdminStatsResponse = {
  totals: { orders: 1234, paidRevenue: 123456.5, patrons: 87, monasteries: 6 },
  attention: { openOrdersAtRemovedMonasteries: 2 },
  ordersByStatus: [
    { status: 'pending', count: 12 },
    { status: 'approved', count: 30 },
    { status: 'declined', count: 2 },
    { status: 'completed', count: 1190 },
    { status: 'cancelled', count: 3 },
    { status: 'expired', count: 5 },
  ],
  revenueByMonth: [
    { month: '2026-02', provider: 'esewa', paidRevenue: 1500 },
    { month: '2026-02', provider: 'khalti', paidRevenue: 0 },
    { month: '2026-03', provider: 'esewa', paidRevenue: 2500 },
    { month: '2026-03', provider: 'khalti', paidRevenue: 4000.5 },
  ],
  revenueSplit: { received: 10000, refunds: 1000, held: 2500, monasteryEarnings: 5850, commission: 650 },
  books: {
    checkedAt: '2026-03-10T08:15:00.000Z',
    balanced: true,
    differenceCount: 0,
    countCapped: false,
    differences: [],
  },
  topMonasteries: [
    { id: 1, name: 'Kopan Monastery', orders: 700, performedRevenue: 90000 },
    { id: 2, name: 'Tengboche Monastery', orders: 300, performedRevenue: 20000 },
  ],
  topPujas: [{ id: 11, name: 'Green Tara Puja', orders: 512, performedRevenue: 64000 }],
  newUsersByWeek: [
    { weekStart: '2026-03-01', count: 4 },
    { weekStart: '2026-03-08', count: 9 },
  ],
  latestOrders: [
    orderFixture({
      id: 77,
      number: 'PJ-Q8M2XA',
      status: 'approved',
      payment_status: 'Completed',
      payment_type: 'khalti',
      amount: 2500,
      user: { name: 'Pema Lhamo', email: null, phone: '+9779811111111' },
    }),
  ],
};

const auditLog: AuditLogResponse = {
  entries: [
    {
      id: 5,
      at: '2026-03-10T04:15:00.000Z',
      actor: { id: 1, name: 'Demo Administrator', role: 'admin' },
      action: 'create',
      subject: 'monastery',
      subjectId: 9,
      before: null,
      after: { name: 'Namo Buddha', status: 1 },
    },
    {
      id: 4,
      at: '2026-03-10T04:00:00.000Z',
      actor: { id: 2, name: 'Kopan Staff', role: 'monastery' },
      action: 'approve',
      subject: 'order',
      subjectId: 41,
      before: { status: 'pending' },
      after: { status: 'approved' },
    },
    {
      id: 6,
      at: '2026-03-10T05:00:00.000Z',
      actor: { id: 1, name: 'Demo Administrator', role: 'admin' },
      action: 'record-refund',
      subject: 'payment',
      subjectId: 12,
      before: { status: 'Refund due' },
      after: { status: 'Refunded', refund_reference: 'ESW-RF-1' },
    },
    {
      id: 3,
      at: '2026-03-09T04:00:00.000Z',
      actor: { id: 1, name: 'Demo Administrator', role: 'admin' },
      action: 'revoke-sessions',
      subject: 'user',
      subjectId: 3,
      before: null,
      after: null,
    },
  ],
  nextBefore: null,
};

function renderPage() {
  return renderRoutes(
    [{ path: '/admin/dashboard', element: <AdminDashboardPage recentActivity={<RecentActivity />} /> }],
    '/admin/dashboard',
  );
}

const panel = (name: string) => screen.getByRole('region', { name });

/** The rows of the first table in `scope`, as their cells' texts. */
function rowsOf(scope: HTMLElement): string[][] {
  return within(within(scope).getAllByRole('table', { hidden: true })[0]!)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent ?? ''),
    );
}

beforeEach(() => {
  signInAsAdmin();
  // Charts measure their container; jsdom has no layout, and recharts says so on every render.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminDashboardPage', () => {
  it('flags open orders of a removed monastery', async () => {
    stubRoutes({
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/audit-log': { body: auditLog },
    });
    renderPage();
    expect(
      await screen.findByText(
        '2 open orders belong to a monastery that was removed, so its staff can no longer act on them.',
      ),
    ).toBeVisible();
  });

  it('shows the totals', async () => {
    stubRoutes({
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/audit-log': { body: auditLog },
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    // The first four terms: the money panel below has its own.
    const figures = (await screen.findAllByRole('term'))
      .slice(0, 4)
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Orders', '1,234'],
      ['Paid revenue', 'Rs. 1,23,456.50'],
      ['Patrons', '87'],
      ['Monasteries', '6'],
    ]);
  });

  it('splits the money from the ledger and says the books balanced at the last check, in Nepal time', async () => {
    stubRoutes({ 'GET /api/admin/stats': { body: stats }, 'GET /api/admin/audit-log': { body: auditLog } });
    renderPage();

    const money = await screen.findByRole('region', { name: 'Money and the books' });
    expect(within(money).getByText('Books balanced at March 10th, 2026 02:00 PM')).toBeVisible();
    const figures = within(money)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Received (gross)', 'Rs. 10,000'],
      ['Refunds', 'Rs. 1,000'],
      ['Held for pujas not yet performed', 'Rs. 2,500'],
      ['Monasteries’ earnings', 'Rs. 5,850'],
      ['Commission', 'Rs. 650'],
    ]);
  });

  it('lists the differences when the books did not balance', async () => {
    const unbalanced: AdminStatsResponse = {
      ...stats,
      books: {
        checkedAt: '2026-03-10T08:15:00.000Z',
        balanced: false,
        differenceCount: 2,
        countCapped: false,
        differences: [
          { orderNumber: 'PJ-AAAA11', account: 'held_for_orders', expected: -2500, actual: 0 },
          { orderNumber: 'PJ-AAAA11', account: 'khalti_clearing', expected: 2500, actual: 0 },
        ],
      },
    };
    stubRoutes({
      'GET /api/admin/stats': { body: unbalanced },
      'GET /api/admin/audit-log': { body: auditLog },
    });
    renderPage();

    const money = await screen.findByRole('region', { name: 'Money and the books' });
    expect(
      within(money).getByText('The books did not balance at March 10th, 2026 02:00 PM: 2 differences'),
    ).toBeVisible();
    expect(rowsOf(money)).toEqual([
      ['PJ-AAAA11', 'held_for_orders', 'Rs. -2,500', 'Rs. 0'],
      ['PJ-AAAA11', 'khalti_clearing', 'Rs. 2,500', 'Rs. 0'],
    ]);
  });

  it('draws orders by status with a legend of every figure', async () => {
    stubRoutes({ 'GET /api/admin/stats': { body: stats }, 'GET /api/admin/audit-log': { body: auditLog } });
    renderPage();

    const byStatus = await screen.findByRole('region', { name: 'Orders by status' });
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pending12', 'Approved30', 'Declined2', 'Completed1,190', 'Cancelled3', 'Expired5']);
  });

  it('gives the revenue and sign-up charts their figures as tables', async () => {
    stubRoutes({ 'GET /api/admin/stats': { body: stats }, 'GET /api/admin/audit-log': { body: auditLog } });
    renderPage();

    await screen.findByRole('region', { name: 'Paid revenue by provider' });
    // One row per month, each wallet's part of the stacked bar.
    expect(rowsOf(panel('Paid revenue by provider'))).toEqual([
      ['Feb 2026', 'Rs. 1,500', 'Rs. 0'],
      ['Mar 2026', 'Rs. 2,500', 'Rs. 4,000.50'],
    ]);
    expect(rowsOf(panel('New users per week'))).toEqual([
      ['Mar 1', '4'],
      ['Mar 8', '9'],
    ]);
  });

  it('ranks the top monasteries and pujas and lists the latest orders', async () => {
    stubRoutes({ 'GET /api/admin/stats': { body: stats }, 'GET /api/admin/audit-log': { body: auditLog } });
    renderPage();

    await screen.findByRole('region', { name: 'Top monasteries' });
    expect(rowsOf(panel('Top monasteries'))).toEqual([
      ['1', 'Kopan Monastery', '700', 'Rs. 90,000'],
      ['2', 'Tengboche Monastery', '300', 'Rs. 20,000'],
    ]);
    expect(rowsOf(panel('Top pujas'))).toEqual([['1', 'Green Tara Puja', '512', 'Rs. 64,000']]);
    expect(rowsOf(panel('Latest orders'))).toEqual([
      [
        'PJ-Q8M2XA',
        'December 1st, 2026',
        'Pema Lhamo',
        'Kopan Monastery',
        'Green Tara Puja',
        'Rs. 2,500',
        'Khalti, Completed',
        'Approved',
      ],
    ]);
  });

  it('shows the newest changes from the audit log', async () => {
    stubRoutes({ 'GET /api/admin/stats': { body: stats }, 'GET /api/admin/audit-log': { body: auditLog } });
    renderPage();

    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    expect(
      await within(activity).findByText('Demo Administrator created monastery “Namo Buddha”'),
    ).toBeInTheDocument();
    expect(within(activity).getByText('Kopan Staff approved order #41')).toBeInTheDocument();
    expect(
      within(activity).getByText('Demo Administrator recorded the refund of payment #12'),
    ).toBeInTheDocument();
    expect(
      within(activity).getByText('Demo Administrator signed user #3 out everywhere'),
    ).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/admin/stats': [{ status: 503, body: { message: 'Unavailable' } }, { body: stats }],
      'GET /api/admin/audit-log': { body: { entries: [], nextBefore: null } },
    });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This could not be loaded')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rs. 1,23,456.50')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => input === '/api/admin/stats')).toHaveLength(2),
    );
    expect(await within(panel('Recent activity')).findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
