import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { insertPaymentAttempt } from '../../../test/order-fixtures.ts';
import { bearer } from '../../../test/session-helpers.ts';

/**
 * The hourly reconciliation (docs/decisions/034), run as the job queue runs it, on books made through the
 * real API: clean books are reported balanced; a payment stored without its ledger entry is found, stored,
 * counted in the metric and shown on the administrator's dashboard.
 */
let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness({ COMMISSION_BASIS_POINTS: '1000' });
});
afterAll(() => money.close());

const reconcile = () => money.app.jobs.handlers['reconcile-ledger']({});
const stats = async () => {
  const response = await money.app.inject({ url: '/api/admin/stats', headers: bearer(money.tokens.admin) });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const metric = async (name: string) => {
  const text = (await money.app.inject({ url: '/metrics' })).body;
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('the hourly reconciliation of the ledger', () => {
  it('is scheduled every hour in the job queue', async () => {
    expect(Object.keys(money.app.jobs.handlers)).toContain('reconcile-ledger');
  });

  it('says nothing before its first run, then reports clean books balanced, with the split from the ledger', async () => {
    expect((await stats()).books).toBeNull();
    expect(await metric('ledger_reconciliation_last_run_timestamp_seconds')).toBe(0);

    const performed = await money.placeOrder();
    await money.pay(performed, 'khalti');
    expect((await money.approve(performed)).statusCode).toBe(200);
    expect((await money.complete(performed)).statusCode).toBe(200);
    const paidNotPerformed = await money.placeOrder();
    await money.pay(paidNotPerformed, 'esewa');
    const cancelled = await money.placeOrder();
    await money.pay(cancelled, 'esewa');
    expect((await money.cancel(cancelled)).statusCode).toBe(200);

    const before = Date.now();
    await reconcile();
    const dashboard = await stats();
    expect(dashboard.books).toMatchObject({ balanced: true, differenceCount: 0, differences: [] });
    expect(Date.parse(dashboard.books.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await metric('ledger_reconciliation_differences')).toBe(0);
    expect(await metric('ledger_reconciliation_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(
      Math.floor(before / 1000) - 1,
    );
    // Three payments of Rs. 2,500: one refunded, one held, one performed at 10 %.
    expect(dashboard.revenueSplit).toEqual({
      received: 7500,
      refunds: 2500,
      held: 2500,
      monasteryEarnings: 2250,
      commission: 250,
    });
    // The top monastery counts what its performed puja earned, not the two paid-but-not-performed orders.
    expect(dashboard.topMonasteries).toEqual([
      { id: money.monasteryId, name: 'Money Gompa', orders: 3, performedRevenue: 2500 },
    ]);
    expect(dashboard.topPujas[0]).toMatchObject({ orders: 3, performedRevenue: 2500 });
  });

  it('finds a payment stored without its ledger entry, logs it, counts it in the metric, shows it to admins', async () => {
    const orderId = await money.placeOrder();
    // Planted: a confirmed payment written straight into the table, as an old instance would have.
    await insertPaymentAttempt(money.db, await money.order(orderId), {
      provider: 'khalti',
      completedAt: new Date(),
    });
    await reconcile();
    const { books } = await stats();
    const number = (await money.order(orderId)).number;
    expect(books).toMatchObject({ balanced: false, differenceCount: 2, countCapped: false });
    expect(books.differences).toEqual([
      { orderNumber: number, account: 'held_for_orders', expected: -2500, actual: 0 },
      { orderNumber: number, account: 'khalti_clearing', expected: 2500, actual: 0 },
    ]);
    expect(await metric('ledger_reconciliation_differences')).toBe(2);
  });

  it('keeps the dashboard to administrators', async () => {
    const read = (token?: string) =>
      money.app.inject({ url: '/api/admin/stats', headers: token ? bearer(token) : {} });
    expect((await read(money.tokens.staff)).statusCode).toBe(403);
    expect((await read(money.tokens.patron)).statusCode).toBe(403);
    expect((await read()).statusCode).toBe(401);
  });
});
