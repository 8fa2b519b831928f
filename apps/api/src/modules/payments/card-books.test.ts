import { todayIn } from '@puja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { StripeStandIn } from '../../integrations/payments/stripe-stand-in.ts';

/**
 * Card payments in the back office (docs/decisions/052, 057): the administrator's Payments list and its CSV,
 * the monastery's statement (JSON, CSV, PDF) and the ledger's balances show a card payment's currency and
 * amount, Stripe's fee and the rupee value, all as the server recorded them. Paid through the Stripe
 * stand-in with Stripe's SDK, approved and performed through the API.
 */
const TIME_ZONE = 'Asia/Kathmandu';
const month = todayIn(TIME_ZONE).slice(0, 7);
let stripe: StripeStandIn;
let money: MoneyHarness;
let performed: number;
let declined: number;

beforeAll(async () => {
  stripe = new StripeStandIn({ secretKey: 'sk_test_money_harness', webhookSecret: 'whsec_money_harness' });
  await stripe.start();
  money = await createMoneyHarness({ COMMISSION_BASIS_POINTS: '1000' }, { stripe });
  await money.setCurrency('USD');
  // Rs. 2,500 at Rs. 133 a dollar: US$ 18.80; Stripe's fee 2.9 % + 30 cents = 85 cents, Rs. 113.05.
  performed = await money.placeOrder();
  expect((await money.pay(performed, 'stripe')).landing).toBe(`/orders?status=success&oid=${performed}`);
  expect((await money.approve(performed)).statusCode).toBe(200);
  expect((await money.complete(performed)).statusCode).toBe(200);
  // Another declined after it was paid by card, and refunded in dollars through Stripe.
  declined = await money.placeOrder();
  await money.pay(declined, 'stripe');
  expect((await money.decline(declined)).statusCode).toBe(200);
  const [attempt] = await money.attempts(declined);
  expect((await money.refundThroughKhalti(attempt!.id)).statusCode).toBe(200);
});
afterAll(async () => {
  await money.close();
  await stripe.stop();
});

const card = {
  currency: 'USD',
  amount: 18.8,
  rupees: 2500,
  rupees_per_unit: 133,
  fee: { currency: 'USD', amount: 0.85, rupees: 113.05 },
};

describe('a card payment in the back office', () => {
  it('is listed with its dollars, rupees and fee, and its refund in dollars', async () => {
    const list = (await money.listPayments('?provider=stripe')).json();
    const byOrder = (id: number) =>
      list.payments.find((payment: { order: { id: number } }) => payment.order.id === id);
    expect(byOrder(performed)).toMatchObject({ provider: 'stripe', amount: 2500, status: 'Completed', card });
    expect(byOrder(declined)).toMatchObject({
      status: 'Refunded',
      card,
      refunds: [{ amount: 2500, card_amount: 18.8, state: 'refunded' }],
    });
  });

  it('carries the card columns in the payments CSV', async () => {
    const response = await money.app.inject({
      url: '/api/admin/payments/export.csv?provider=stripe',
      headers: bearer(money.tokens.admin),
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.slice(1).trim().split('\r\n');
    const columns = header!.split(',');
    const cell = (row: string, name: string) => row.split(',')[columns.indexOf(name)];
    expect(columns.slice(-7)).toEqual([
      'card_currency',
      'card_amount',
      'card_rate_npr',
      'card_fee_currency',
      'card_fee',
      'card_fee_npr',
      'card_refunds_total',
    ]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(cell(row, 'amount_npr')).toBe('2500');
      expect(cell(row, 'card_currency')).toBe('USD');
      expect(cell(row, 'card_amount')).toBe('18.80');
      expect(cell(row, 'card_rate_npr')).toBe('133');
      expect(cell(row, 'card_fee')).toBe('0.85');
      expect(cell(row, 'card_fee_npr')).toBe('113.05');
    }
    expect(rows.map((row) => cell(row, 'card_refunds_total')).sort()).toEqual(['0.00', '18.80']);
  });

  it('is on the monastery statement beside the puja performed, as JSON, CSV and PDF', async () => {
    const base = `/api/earnings/${money.monasteryId}`;
    const statement = (
      await money.app.inject({
        url: `${base}/statement?month=${month}`,
        headers: bearer(money.tokens.staff),
      })
    ).json();
    expect(statement.lines).toEqual([
      expect.objectContaining({ kind: 'order_completed', amount: 2500, commission: 250, net: 2250, card }),
    ]);
    const csv = await money.app.inject({
      url: `${base}/statement.csv?month=${month}`,
      headers: bearer(money.tokens.staff),
    });
    expect(csv.body.split('\r\n')[2]).toMatch(
      /,Puja performed,PJ-\w+,Tara Puja,2500.00,250.00,2250.00,,USD,18.80,2500.00,USD 0.85,113.05$/,
    );
    const pdf = await money.app.inject({
      url: `${base}/statement.pdf?month=${month}`,
      headers: bearer(money.tokens.staff),
    });
    const text = (await extractPdfText(pdf.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Paid by card: USD 18.80 = Rs. 2,500; Stripe’s fee USD 0.85 (Rs. 113.05)');
  });

  it('books the money at Stripe and the fee as the platform’s cost, both as positive balances', async () => {
    const ledger = (
      await money.app.inject({ url: '/api/admin/ledger', headers: bearer(money.tokens.admin) })
    ).json();
    const balance = (account: string) =>
      ledger.balances.find((row: { account: string }) => row.account === account)?.balance;
    // Two payments of Rs. 2,500, one refunded; two fees of Rs. 113.05, never given back.
    expect(balance('stripe_clearing')).toBe(2500 - 2 * 113.05);
    expect(balance('provider_fees')).toBe(2 * 113.05);
    expect(ledger.differences).toEqual([]);
  });
});
