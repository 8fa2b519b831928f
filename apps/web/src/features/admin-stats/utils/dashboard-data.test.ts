import { describe, expect, it } from 'vitest';
import { chartedProviders, newUserRows, revenueRows } from './dashboard-data.ts';

describe('revenueRows', () => {
  it('makes one row per month, oldest first, with each provider (0 when missing)', () => {
    expect(
      revenueRows([
        { month: '2026-03', provider: 'khalti', paidRevenue: 4000.5 },
        { month: '2026-02', provider: 'esewa', paidRevenue: 1500 },
        { month: '2026-03', provider: 'esewa', paidRevenue: 2500 },
      ]),
    ).toEqual([
      { month: '2026-02', label: 'Feb 2026', esewa: 1500, khalti: 0, stripe: 0 },
      { month: '2026-03', label: 'Mar 2026', esewa: 2500, khalti: 4000.5, stripe: 0 },
    ]);
  });
});

describe('chartedProviders', () => {
  it('charts the wallets always, and cards once a month has card revenue', () => {
    const wallets = revenueRows([{ month: '2026-03', provider: 'esewa', paidRevenue: 1500 }]);
    expect(chartedProviders(wallets)).toEqual(['esewa', 'khalti']);
    const withCards = revenueRows([
      { month: '2026-03', provider: 'esewa', paidRevenue: 1500 },
      { month: '2026-03', provider: 'stripe', paidRevenue: 2500 },
    ]);
    expect(chartedProviders(withCards)).toEqual(['esewa', 'khalti', 'stripe']);
  });
});

describe('newUserRows', () => {
  it('labels each week by the Sunday it starts on', () => {
    expect(newUserRows([{ weekStart: '2026-03-08', count: 2 }])).toEqual([
      { weekStart: '2026-03-08', label: 'Mar 8', count: 2 },
    ]);
  });
});
