import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  exchangeRates,
  ledgerPostings,
  orders,
  paymentAttempts,
  refunds,
  users,
} from '../../db/schema/index.ts';
import { StripeStandIn, signStripeWebhook } from '../../integrations/payments/stripe-stand-in.ts';
import { ledgerDifferences } from '../ledger/ledger.service.ts';

/**
 * Card payments through Stripe Checkout (docs/decisions/052), against the Stripe stand-in over HTTP with
 * Stripe's own SDK: the amount in the patron's currency at the stored rate, confirmation only from a
 * verified webhook (forged, replayed and old ones refused), money for a declined order a refund due, the
 * refund in the payer's currency, and the books in rupees with the foreign amount and the fee beside.
 */
const SECRET = 'sk_test_card_payments';
const WEBHOOK_SECRET = 'whsec_card_payments';
let harness: TestApp;
let stripe: StripeStandIn;
let patron: string;
let admin: string;
let monasteryId: number;
let pujaId: number;

beforeAll(async () => {
  stripe = new StripeStandIn({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
  const stripeUrl = await stripe.start();
  harness = await createTestApp({
    env: {
      PUBLIC_URL: 'http://pay.test',
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeUrl,
    },
  });
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `${address}/api/stripe-webhook`;
  const db = harness.database.db;
  // US$ 1 = Rs. 133.00 (buying) today.
  await db
    .insert(exchangeRates)
    .values({
      currency: 'USD',
      unit: 1,
      buyPaisa: 13_300,
      sellPaisa: 13_360,
      publishedOn: todayIn('Asia/Kathmandu'),
    })
    .onConflictDoNothing();
  const monastery = await insertMonastery(db, { slug: 'card-gompa', name: 'Card Gompa' });
  const puja = await insertPuja(db, { slug: 'card-puja', name: 'Card Puja' });
  await offer(db, monastery.id, puja.id, 2500);
  monasteryId = monastery.id;
  pujaId = puja.id;
  const signedIn = await signInByPhone(harness, '9819000001');
  patron = signedIn.token;
  // The patron chose to see prices in US dollars (docs/decisions/020).
  await db.update(users).set({ currency: 'USD' }).where(eq(users.id, signedIn.user.id));
  const adminSession = await signInByPhone(harness, '9819000002');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, adminSession.user.id));
  admin = adminSession.token;
});
afterAll(async () => {
  await harness.close();
  await stripe.stop();
});

async function newOrder(): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(patron),
    payload: {
      monastery: monasteryId,
      puja: pujaId,
      cost: 2500,
      date: addDays(todayIn('Asia/Kathmandu'), 2),
      payment: 'khalti',
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json().order.id;
}

const startCard = (order: number) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/card-process',
    headers: bearer(patron),
    payload: { order },
  });
const attemptOf = async (orderId: number) =>
  (await harness.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)))[0]!;
const sessionIdOf = (url: string) => url.split('/checkout/')[1]!;

function webhook(body: string, signature: string) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/stripe-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

describe('card payments through Stripe Checkout', () => {
  it('charges the rupee price in the patron currency at the stored rate, rounded up to the cent', async () => {
    const order = await newOrder();
    const started = await startCard(order);
    expect(started.statusCode).toBe(200);
    // Rs. 2,500 at Rs. 133 per dollar is US$ 18.7969…: US$ 18.80.
    expect(started.json()).toMatchObject({ currency: 'USD', amount: 18.8 });
    const attempt = await attemptOf(order);
    expect(attempt).toMatchObject({
      provider: 'stripe',
      amountPaisa: 250_000,
      presentmentCurrency: 'USD',
      presentmentAmountMinor: 1880,
      ratePaisa: 13_300,
      rateUnit: 1,
      status: 'Pending',
    });
    expect(stripe.sessions.get(attempt.reference)?.amount_total).toBe(1880);
  });

  it('is paid only by the verified webhook, once, with the fee and the foreign amount in the books', async () => {
    const order = await newOrder();
    const { url } = (await startCard(order)).json();
    await stripe.pay(sessionIdOf(url));
    expect(stripe.deliveries.at(-1)?.status).toBe(200);
    const attempt = await attemptOf(order);
    // Stripe's fee on US$ 18.80: 2.9 % + 30 cents = 85 cents, Rs. 113.05 at the payment's rate.
    expect(attempt).toMatchObject({
      status: 'Completed',
      feeCurrency: 'USD',
      feeMinor: 85,
      feePaisa: 11_305,
    });
    const postings = await harness.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.account, 'stripe_clearing'));
    expect(
      postings.map((posting) => [posting.amountPaisa, posting.foreignCurrency, posting.foreignAmountMinor]),
    ).toEqual(
      expect.arrayContaining([
        [250_000, 'USD', 1880],
        [-11_305, 'USD', -85],
      ]),
    );
    expect(await ledgerDifferences(harness.database.db)).toEqual([]);
    // The return: paid.
    const back = await harness.app.inject({ url: `/card-payment-return?session_id=${attempt.reference}` });
    expect(back.headers.location).toBe(`/orders?status=success&oid=${order}`);
  });

  it('brings a patron who leaves Stripe’s page back to that order, unpaid', async () => {
    const order = await newOrder();
    const { url } = (await startCard(order)).json();
    const cancelUrl = new URL(stripe.sessions.get(sessionIdOf(url))!.cancel_url);
    const back = await harness.app.inject({ method: 'GET', url: `${cancelUrl.pathname}${cancelUrl.search}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/orders?status=error&oid=${order}`);
    expect((await attemptOf(order)).status).toBe('Pending');
    // An address made up by hand chooses nothing but the Orders page.
    for (const made of ['?order=0', '?order=abc', '?order=99999999999', '']) {
      const answer = await harness.app.inject({ method: 'GET', url: `/card-payment-return${made}` });
      expect(answer.headers.location).toBe('/orders?status=error');
    }
  });

  it('refuses forged, replayed and out-of-date webhooks', async () => {
    const order = await newOrder();
    const { url } = (await startCard(order)).json();
    const sessionId = sessionIdOf(url);
    const body = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId } },
    });
    const now = Math.floor(Date.now() / 1000);
    // Signed with another secret: refused, and nothing changes.
    expect((await webhook(body, signStripeWebhook(body, 'whsec_someone_else', now))).statusCode).toBe(422);
    // No signature at all.
    expect((await webhook(body, '')).statusCode).toBe(422);
    // Signed right, but ten minutes ago: past the 5-minute tolerance.
    expect((await webhook(body, signStripeWebhook(body, WEBHOOK_SECRET, now - 600))).statusCode).toBe(422);
    // A body changed after signing.
    const signed = signStripeWebhook(body, WEBHOOK_SECRET, now);
    expect((await webhook(body.replace('evt_forged_1', 'evt_forged_2'), signed)).statusCode).toBe(422);
    expect((await attemptOf(order)).status).toBe('Pending');
    // A correctly signed event for an unpaid session: Stripe is asked, and says not paid.
    expect((await webhook(body, signed)).json()).toEqual({ received: true });
    expect((await attemptOf(order)).status).toBe('Pending');
    // The same event again (a replay): acted on once only.
    expect((await webhook(body, signed)).json()).toEqual({ received: false });
  });

  it('makes a card payment for a declined order a refund due, and refunds it in dollars through Stripe', async () => {
    const order = await newOrder();
    const { url } = (await startCard(order)).json();
    // The monastery declines while the patron is on Stripe's page.
    await harness.database.db.update(orders).set({ status: 'declined' }).where(eq(orders.id, order));
    await stripe.pay(sessionIdOf(url));
    const attempt = await attemptOf(order);
    expect(attempt.status).toBe('Completed');
    expect(attempt.releasedAt).not.toBeNull();
    const [refund] = await harness.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentAttemptId, attempt.id));
    expect(refund).toMatchObject({
      state: 'due',
      reason: 'declined',
      amountPaisa: 250_000,
      presentmentAmountMinor: 1880,
    });
    expect((await orderRowStatus(order)).paymentStatus).toBe('Refund due');
    expect(await ledgerDifferences(harness.database.db)).toEqual([]);

    {
      const refunded = await harness.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${attempt.id}/refund`,
        headers: bearer(admin),
      });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json().payment.card).toMatchObject({ currency: 'USD', amount: 18.8 });
      const intent = stripe.intents.get(attempt.providerTransactionCode!)!;
      expect(intent.refunded).toBe(1880);
      expect((await orderRowStatus(order)).paymentStatus).toBe('Refunded');
      expect(await ledgerDifferences(harness.database.db)).toEqual([]);
    }
  });

  it('says cards are on in the public config', async () => {
    expect((await harness.app.inject('/api/client-config')).json().payments.cards_enabled).toBe(true);
  });
});

async function orderRowStatus(id: number) {
  return (await harness.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

// The SDK's own header helper signs as the stand-in does (a check that the stand-in is faithful).
describe('the stand-in signs as Stripe does', () => {
  it('gives the same header as the SDK for the same body, secret and time', () => {
    const body = '{"id":"evt_1"}';
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: 1_700_000_000,
    });
    expect(signStripeWebhook(body, WEBHOOK_SECRET, 1_700_000_000)).toBe(header);
  });
});
