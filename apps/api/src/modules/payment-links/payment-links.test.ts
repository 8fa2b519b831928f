import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness, PUJA_PRICE } from '../../../test/money-harness.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { orders, paymentLinks, users } from '../../db/schema/index.ts';

/**
 * "Pay for me" links (docs/decisions/051), through the real API and the payment simulator: what a link
 * shows to whoever holds it, that it pays its own order and no other, and that it dies when the order is
 * paid, cancelled or expired, or when the patron withdraws it. The money rules are the payments' own.
 */
let money: MoneyHarness;
const PATRON_PHONE = '+9779818000001';

beforeAll(async () => {
  money = await createMoneyHarness();
  await money.db.update(users).set({ name: 'Pema Dolma' }).where(eq(users.phone, PATRON_PHONE));
});
afterAll(() => money.close());

/** An order with names to pray for and an intention: what a link must not show unless asked to. */
async function orderWithNames(): Promise<number> {
  const response = await money.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(money.tokens.patron),
    payload: {
      monastery: money.monasteryId,
      puja: money.pujaId,
      cost: PUJA_PRICE,
      date: addDays(todayIn('Asia/Kathmandu'), 3),
      payment: 'khalti',
      names: [{ name: 'Tashi Sherpa' }],
      intention: 'For my father in Pokhara, who is unwell.',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order.id;
}

const patronOrder = async (orderId: number) => {
  const own = await money.app.inject({ url: '/api/order/create', headers: bearer(money.tokens.patron) });
  return own.json().orders.find((order: { id: number }) => order.id === orderId);
};

describe('a link shows what it pays for, and nothing private', () => {
  it('shows monastery, puja, day and amount; never the phone; names only when the patron chose so', async () => {
    const orderId = await orderWithNames();
    const { response, token } = await money.createLink(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().path).toMatch(/^\/pay\/[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const [stored] = await money.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId));
    expect(stored!.tokenHash).not.toContain(token!);

    const view = await money.viewLink(token!);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      state: 'payable',
      monastery: 'Money Gompa',
      puja: 'Tara Puja',
      puja_date: addDays(todayIn('Asia/Kathmandu'), 3),
      amount: PUJA_PRICE,
      patron_name: null,
      names: null,
      intention: null,
    });
    const { number } = await patronOrder(orderId);
    for (const secret of [PATRON_PHONE, '9818000001', 'Pema', 'Tashi', 'Pokhara', number])
      expect(view.body).not.toContain(secret);

    // The patron chooses to show them: a new link (the first one is withdrawn by it).
    const shown = await money.createLink(orderId, { showsNames: true });
    expect((await money.viewLink(token!)).statusCode).toBe(404);
    const named = await money.viewLink(shown.token!);
    expect(named.json()).toMatchObject({
      patron_name: 'Pema Dolma',
      names: ['Tashi Sherpa'],
      intention: 'For my father in Pokhara, who is unwell.',
    });
    expect(named.body).not.toContain('9818000001');
    expect((await patronOrder(orderId)).payment_link).toMatchObject({ shows_names: true });
  });

  it('is made only by the order’s own patron, and only for an order that can be paid', async () => {
    const orderId = await money.placeOrder();
    expect((await money.createLink(orderId, { token: money.tokens.otherPatron })).response.statusCode).toBe(
      403,
    );
    expect((await money.createLink(orderId, { token: money.tokens.staff })).response.statusCode).toBe(403);
    const signedOut = await money.app.inject({ method: 'POST', url: `/api/order/${orderId}/payment-link` });
    expect(signedOut.statusCode).toBe(401);
    expect((await money.cancel(orderId)).statusCode).toBe(200);
    expect((await money.createLink(orderId)).response.statusCode).toBe(409);
  });

  it('answers an unknown, withdrawn or cut-short token alike, and changes nothing', async () => {
    const orderId = await money.placeOrder();
    const { token } = await money.createLink(orderId);
    expect((await money.withdrawLink(orderId, money.tokens.otherPatron)).statusCode).toBe(403);
    expect((await money.withdrawLink(orderId)).statusCode).toBe(200);
    expect((await patronOrder(orderId)).payment_link).toBeNull();
    const withdrawn = await money.viewLink(token!);
    const unknown = await money.viewLink('A'.repeat(43));
    expect(withdrawn.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(withdrawn.json()).toEqual(unknown.json());
    expect((await money.startLinkPayment(token!, 'khalti')).statusCode).toBe(404);
    expect((await money.viewLink(token!.slice(0, 20))).statusCode).toBe(422);
    expect(await money.attempts(orderId)).toEqual([]);
  });
});

describe('paying through a link', () => {
  it('pays the link’s order with Khalti, without an account, and the payer lands on the link’s page', async () => {
    const orderId = await orderWithNames();
    const { token } = await money.createLink(orderId);
    const { started, landing } = await money.payThroughLink(token!, 'khalti', 'pay', 'Dawa Tsering');
    expect(started.statusCode, started.body).toBe(200);
    expect(landing).toBe(`/pay/${token}?status=success`);

    expect((await money.order(orderId)).paymentStatus).toBe('Completed');
    const [payment] = await money.attempts(orderId);
    expect(payment).toMatchObject({ status: 'Completed', payerName: 'Dawa Tsering', releasedAt: null });
    // The patron's order names the payer, and the link is gone from it: it died with the payment.
    const order = await patronOrder(orderId);
    expect(order.payments[0]).toMatchObject({ through_link: true, payer_name: 'Dawa Tsering' });
    expect(order.payment_link).toBeNull();
    // The link's page now says paid; it cannot be paid again.
    expect((await money.viewLink(token!)).json()).toMatchObject({ state: 'paid' });
    expect((await money.startLinkPayment(token!, 'esewa')).statusCode).toBe(409);
    // The patron is told who paid.
    expect(await money.patronTexts()).toContainEqual(
      expect.stringMatching(/: Dawa Tsering paid Rs\. 2,500 for your Tara Puja through your link\./),
    );
    // The receipt names both.
    const receipt = await money.receipt(orderId);
    const [page] = await extractPdfText(receipt.rawPayload);
    expect(page).toContain('Pema Dolma');
    expect(page).toMatch(/Paid by\s+Dawa Tsering/);
  });

  it('pays with eSewa too, and a payer who gives no name is "someone"', async () => {
    const orderId = await money.placeOrder();
    const { token } = await money.createLink(orderId);
    const { landing } = await money.payThroughLink(token!, 'esewa');
    expect(landing).toBe(`/pay/${token}?status=success`);
    const [payment] = await money.attempts(orderId);
    expect(payment).toMatchObject({ provider: 'esewa', status: 'Completed', payerName: null });
    expect(await money.patronTexts()).toContainEqual(
      expect.stringMatching(/: Your Tara Puja was paid through your link: Rs\. 2,500\./),
    );
  });

  it('cannot pay another order: the token names the order, and a body naming one is refused', async () => {
    const linked = await money.placeOrder();
    const other = await money.placeOrder();
    const { token } = await money.createLink(linked);
    const smuggled = await money.startLinkPayment(token!, 'khalti', { order: other });
    expect(smuggled.statusCode).toBe(422);
    const { started } = await money.payThroughLink(token!, 'khalti');
    expect(started.statusCode).toBe(200);
    expect((await money.order(linked)).paymentStatus).toBe('Completed');
    expect((await money.order(other)).paymentStatus).toBe('Pending');
    expect(await money.attempts(other)).toEqual([]);
  });
});

describe('a link dies with its order', () => {
  it('once the order is cancelled: closed, nothing to pay, nothing shown', async () => {
    const orderId = await orderWithNames();
    const { token } = await money.createLink(orderId, { showsNames: true });
    expect((await money.cancel(orderId)).statusCode).toBe(200);
    const view = (await money.viewLink(token!)).json();
    expect(view).toMatchObject({ state: 'closed', names: null, patron_name: null, intention: null });
    expect((await money.startLinkPayment(token!, 'khalti')).statusCode).toBe(409);
  });

  it('once the order expired unpaid', async () => {
    const orderId = await money.placeOrder();
    const { token } = await money.createLink(orderId);
    await money.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(eq(orders.id, orderId));
    expect((await money.viewLink(token!)).json()).toMatchObject({ state: 'closed' });
    expect((await money.startLinkPayment(token!, 'esewa')).statusCode).toBe(409);
    await money.app.jobs.handlers['expire-orders']!({});
    expect((await money.order(orderId)).status).toBe('expired');
    expect((await money.viewLink(token!)).json()).toMatchObject({ state: 'closed' });
  });

  it('money that arrives after the patron cancelled is a refund due, refunded to the payer’s own Khalti payment', async () => {
    const orderId = await money.placeOrder();
    const { token } = await money.createLink(orderId);
    const started = await money.startLinkPayment(token!, 'khalti', { payer_name: 'Dawa' });
    expect(started.statusCode).toBe(200);
    expect((await money.cancel(orderId)).statusCode).toBe(200);
    const location = await money.decideAtProvider('khalti', started.json(), 'pay');
    expect(await money.returnFromProvider(location)).toBe(`/pay/${token}?status=refund`);
    const [payment] = await money.attempts(orderId);
    expect(payment!.refund).toMatchObject({ state: 'due', reason: 'cancelled' });
    // The refund goes back through Khalti for this payment: to the wallet that paid it.
    const refunded = await money.refundThroughKhalti(payment!.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await money.attempts(orderId))[0]!.refund).toMatchObject({ state: 'refunded' });
  });
});
