import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';

let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness({ ORDERS_PER_PATRON_PER_HOUR: '3' });
});
afterAll(() => money.close());

describe('orders per patron', () => {
  it('refuses a patron’s orders past the hourly limit (429), and only that patron’s', async () => {
    for (let index = 0; index < 3; index += 1) await money.placeOrder();
    await expect(money.placeOrder()).rejects.toThrow(/order: 429 .*Too many requests/);
    await expect(money.placeOrder({ token: money.tokens.otherPatron })).resolves.toBeGreaterThan(0);
  });
});
