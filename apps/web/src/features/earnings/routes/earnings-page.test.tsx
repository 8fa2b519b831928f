import type { EarningsPayoutsResponse, EarningsSummary, Statement } from '@puja/contract';
import { DEFAULT_BUSINESS_TIME_ZONE, todayIn } from '@puja/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { stubRoutes } from '../../../test/admin-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { staffMember } from '../../../test/staff-fixtures.ts';
import { EarningsPage } from './earnings-page.tsx';

const month = todayIn(DEFAULT_BUSINESS_TIME_ZONE).slice(0, 7);
const summary = (balance: number): EarningsSummary => ({
  monastery: { id: 1, name: 'Kopan Monastery' },
  balance,
  inTransit: 0,
  toCome: { amount: 2500, orders: 1 },
  thisMonth: { month, earned: 2250 },
  commissionBasisPoints: 1000,
});
const statement: Statement = {
  monastery: { id: 1, name: 'Kopan Monastery' },
  month,
  opening: 0,
  lines: [
    {
      kind: 'order_completed',
      at: `${month}-02T06:00:00.000Z`,
      day: `${month}-02`,
      orderNumber: 'PJ-Q8M2XA',
      puja: 'Green Tara Puja',
      payoutId: null,
      reference: null,
      amount: 2500,
      commission: 250,
      net: 2250,
      // Paid by card in US dollars (docs/decisions/057): shown as the server sends it.
      card: {
        currency: 'USD',
        amount: 18.8,
        rupees: 2500,
        rupees_per_unit: 133,
        fee: { currency: 'USD', amount: 0.85, rupees: 113.05 },
      },
    },
    {
      kind: 'payout_paid',
      at: `${month}-03T06:00:00.000Z`,
      day: `${month}-03`,
      orderNumber: null,
      puja: null,
      payoutId: 7,
      reference: 'ESW-TRF-1',
      amount: 2250,
      commission: 0,
      net: 0,
    },
  ],
  closing: 2250,
  totals: { orders: 1, amount: 2500, commission: 250, earned: 2250, clawedBack: 0, paidOut: 0, returned: 0 },
};
const payouts: EarningsPayoutsResponse = {
  payouts: [
    {
      id: 7,
      amount: 2250,
      status: 'paid',
      reference: 'ESW-TRF-1',
      paidOn: `${month}-03`,
      failureReason: null,
      startedAt: `${month}-02T06:00:00.000Z`,
    },
  ],
  pageInfo: { page: 1, pageSize: 20, total: 1 },
};

function render(balance = 2250) {
  stubRoutes({
    'GET /api/earnings/1': { body: summary(balance) },
    'GET /api/earnings/1/statement': { body: statement },
    'GET /api/earnings/1/payouts': { body: payouts },
  });
  return renderRoutes([{ path: '/monastery/earnings', element: <EarningsPage /> }], '/monastery/earnings');
}

beforeEach(() => signIn({ token: 'staff-token', user: staffMember }));
afterEach(() => vi.restoreAllMocks());

describe('EarningsPage', () => {
  it('shows the figures, the month’s movements with commission, and the payouts', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
    const figures = (await screen.findAllByRole('term')).map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(figures).toEqual([
      ['Balance', 'Rs. 2,250'],
      ['Still to come', 'Rs. 2,500'],
      ['Earned this month', 'Rs. 2,250'],
      ['Commission', '10 %'],
    ]);
    const table = await screen.findByRole('table', { name: 'The month’s movements' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Puja performed');
    expect(rows[0]).toContain('PJ-Q8M2XA · Green Tara Puja');
    expect(rows[0]).toContain('Rs. 250');
    expect(rows[0]).toMatch(/Paid by card: USD\s18\.80 = Rs\. 2,500/);
    expect(rows[0]).toMatch(/Stripe's fee USD\s0\.85 \(Rs\. 113\.05\), borne by the platform/);
    expect(rows[1]).not.toContain('by card');
    expect(rows[1]).toContain('Payout #7 transferred');
    expect(rows[1]).toContain('ESW-TRF-1');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Payouts' })).toHaveTextContent('ESW-TRF-1');
  });

  it('says plainly when the balance is negative', async () => {
    render(-2250);
    expect(await screen.findByText(/The balance is negative/)).toBeVisible();
  });
});
