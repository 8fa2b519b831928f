import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { bearer } from '../../../test/session-helpers.ts';

let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness({ COMMISSION_BASIS_POINTS: '1250' });
});
afterAll(() => money.close());

const readLedger = (token?: string) =>
  money.app.inject({ url: '/api/admin/ledger', headers: token ? bearer(token) : {} });

describe('the administrator’s read of the ledger', () => {
  it('shows each account in its own direction, at the configured commission, to administrators only', async () => {
    const performed = await money.placeOrder();
    await money.pay(performed, 'khalti');
    expect((await money.approve(performed)).statusCode).toBe(200);
    expect((await money.complete(performed)).statusCode).toBe(200);
    const cancelled = await money.placeOrder();
    await money.pay(cancelled, 'esewa');
    expect((await money.cancel(cancelled)).statusCode).toBe(200);

    const response = await readLedger(money.tokens.admin);
    expect(response.statusCode).toBe(200);
    const { balances, differences } = response.json();
    expect(differences).toEqual([]);
    const balance = (account: string) => balances.find((row: { account: string }) => row.account === account);
    // Rs. 2,500 at 12.5 %: Rs. 312.50 to the platform, Rs. 2,187.50 to the monastery.
    expect(balance('monastery_payable')).toEqual({
      account: 'monastery_payable',
      monastery: { id: money.monasteryId, name: 'Money Gompa' },
      currency: 'NPR',
      balance: 2187.5,
    });
    expect(balance('platform_commission')).toMatchObject({ monastery: null, balance: 312.5 });
    expect(balance('refunds_payable').balance).toBe(2500);
    expect(balance('khalti_clearing').balance).toBe(2500);
    expect(balance('esewa_clearing').balance).toBe(2500);
    expect(balance('held_for_orders').balance).toBe(0); // the performed order's money is earned now

    expect((await readLedger(money.tokens.staff)).statusCode).toBe(403);
    expect((await readLedger(money.tokens.patron)).statusCode).toBe(403);
    expect((await readLedger()).statusCode).toBe(401);
  });
});
