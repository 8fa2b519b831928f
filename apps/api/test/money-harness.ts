import fs from 'node:fs/promises';
import {
  addDays,
  type CreatePlanRequest,
  type PaymentProvider,
  PLAN_KINDS,
  type Plan,
  todayIn,
} from '@puja/contract';
import { and, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { exchangeRates, monasteryPujas, orders, paymentAttempts, users } from '../src/db/schema/index.ts';
import type { StripeStandIn } from '../src/integrations/payments/stripe-stand-in.ts';
import { outboxFile } from '../src/integrations/sms/outbox-sms.ts';
import { currentRefund } from '../src/modules/payments/payment-record.ts';
import { withRefunds } from '../src/modules/payments/payments.queries.ts';
import { insertMonastery, insertPuja, offer } from './catalogue-fixtures.ts';
import { multipart } from './multipart.ts';
import { orderVersion } from './order-fixtures.ts';
import { bearer, signInByPhone } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The real app, listening (the payment adapters reach the built-in simulator over HTTP), with one
 * monastery offering one puja, a patron, another patron, the monastery's staff and an administrator, and
 * the moves people make with money: order, pay at either provider (or cancel there), come back, approve,
 * decline, cancel, refund. Every move goes through the HTTP API as the browser would.
 */
export const PUJA_PRICE = 2500;
/**
 * Offerings priced otherwise (docs/decisions/054): butter lamps at Rs. 23.50 each, by 21 or 108 (an odd
 * paisa, so a sum that rounds shows), and meals for the sangha at what the patron can give, Rs. 1,000 at
 * least.
 */
export const LAMP_PRICE = 23.5;
export const LAMP_QUANTITIES = [21, 108];
export const MEALS_MINIMUM = 1000;
/** What a patron chooses of a priced offering; none: the fixed-price puja. */
export type OfferingChoice = { quantity: number } | { amount: number };

/**
 * Card payments (docs/decisions/052) when a Stripe stand-in is given: the app talks to it with Stripe's SDK
 * and it delivers its webhooks to the app. The buying rates the card amounts are converted at: US$ 1 =
 * Rs. 133.00, ¥10 = Rs. 8.91 (JPY has no cents, and is quoted per 10), A$ 1 = Rs. 87.37.
 */
export const CARD_RATES = [
  { currency: 'USD', unit: 1, buyPaisa: 13_300, sellPaisa: 13_360 },
  { currency: 'JPY', unit: 10, buyPaisa: 891, sellPaisa: 895 },
  { currency: 'AUD', unit: 1, buyPaisa: 8737, sellPaisa: 8777 },
] as const;
export type CardCurrency = (typeof CARD_RATES)[number]['currency'];
export const STRIPE_SECRET = 'sk_test_money_harness';
export const STRIPE_WEBHOOK_SECRET = 'whsec_money_harness';

export async function createMoneyHarness(
  env: NodeJS.ProcessEnv = {},
  options: { stripe?: StripeStandIn } = {},
) {
  const { stripe } = options;
  // One patron places hundreds of orders here (the property test): above the per-patron hourly limit.
  const harness: TestApp = await createTestApp({
    env: {
      PUBLIC_URL: 'http://money.test',
      ORDERS_PER_PATRON_PER_HOUR: '100000',
      PAYMENT_LINK_REQUESTS_PER_MINUTE: '100000',
      ...(stripe
        ? {
            STRIPE_SECRET_KEY: STRIPE_SECRET,
            STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
            STRIPE_API_BASE: stripe.url,
          }
        : {}),
      ...env,
    },
  });
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  if (stripe) stripe.webhookUrl = `${address}/api/stripe-webhook`;
  const { db } = harness.database;
  if (stripe)
    await db
      .insert(exchangeRates)
      .values(CARD_RATES.map((rate) => ({ ...rate, publishedOn: todayIn('Asia/Kathmandu') })))
      .onConflictDoNothing();
  const monastery = await insertMonastery(db, { slug: 'money-gompa', name: 'Money Gompa' });
  const puja = await insertPuja(db, { slug: 'money-puja', name: 'Tara Puja' });
  await offer(db, monastery.id, puja.id, PUJA_PRICE);
  const lamps = await insertPuja(db, { slug: 'money-lamps', name: 'Butter Lamps' });
  const meals = await insertPuja(db, { slug: 'money-meals', name: 'Meal for the Sangha' });
  const lampOffering = await offer(db, monastery.id, lamps.id, LAMP_PRICE);
  const mealOffering = await offer(db, monastery.id, meals.id, MEALS_MINIMUM);
  await db
    .update(monasteryPujas)
    .set({
      pricing: 'per_unit',
      unitNames: { en: 'butter lamp', ne: 'घिउको बत्ती', 'zh-Hant': '酥油燈' },
      quantities: LAMP_QUANTITIES,
    })
    .where(eq(monasteryPujas.id, lampOffering.id));
  await db
    .update(monasteryPujas)
    .set({ pricing: 'pay_what_you_can' })
    .where(eq(monasteryPujas.id, mealOffering.id));
  // The puja is offered as every dedication plan too (docs/decisions/055), paid whole or each (058).
  await db
    .update(monasteryPujas)
    .set({ planKinds: [...PLAN_KINDS], planPayEach: true })
    .where(eq(monasteryPujas.pujaId, puja.id));
  const patronSession = await signInByPhone(harness, '9818000001');
  const patron = patronSession.token;
  const otherPatron = (await signInByPhone(harness, '9818000002')).token;
  const staffSession = await signInByPhone(harness, '9818000003');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: monastery.id })
    .where(eq(users.id, staffSession.user.id));
  const adminSession = await signInByPhone(harness, '9818000004');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, adminSession.user.id));
  const staff = staffSession.token;
  const admin = adminSession.token;
  const app = harness.app;

  /** Follows a redirect to one of this app's own paths, as the browser would. */
  const follow = (location: string) => {
    const url = new URL(location, 'http://money.test');
    return app.inject({ url: `${url.pathname}${url.search}` });
  };

  return {
    harness,
    app,
    db,
    tokens: { patron, otherPatron, staff, admin },
    monasteryId: monastery.id,
    pujaId: puja.id,

    /** A monastery of its own (`Other Gompa`) and a staff member of it, signed in with this number. */
    async otherMonasteryStaff(nationalNumber: string): Promise<{ token: string; monasteryId: number }> {
      const other = await insertMonastery(db, { slug: 'other-gompa', name: 'Other Gompa' });
      const session = await signInByPhone(harness, nationalNumber);
      await db
        .update(users)
        .set({ role: 'monastery', monasteryId: other.id })
        .where(eq(users.id, session.user.id));
      return { token: session.token, monasteryId: other.id };
    },

    async placeOrder(options: { daysAhead?: number; token?: string } = {}): Promise<number> {
      return (await this.placeOffering(undefined, options)).id;
    },

    /** An order of the fixed-price puja, or of lamps by a quantity, or of meals at an amount: its id and amount (paisa). */
    async placeOffering(
      choice: OfferingChoice | undefined,
      options: { daysAhead?: number; token?: string } = {},
    ): Promise<{ id: number; amountPaisa: number }> {
      const offering = !choice
        ? { puja: puja.id, cost: PUJA_PRICE }
        : 'quantity' in choice
          ? { puja: lamps.id, cost: LAMP_PRICE, quantity: choice.quantity }
          : { puja: meals.id, cost: MEALS_MINIMUM, amount: choice.amount };
      const response = await app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(options.token ?? patron),
        payload: {
          monastery: monastery.id,
          ...offering,
          date: addDays(todayIn('Asia/Kathmandu'), options.daysAhead ?? 3),
          payment: 'esewa',
        },
      });
      if (response.statusCode !== 200) throw new Error(`order: ${response.statusCode} ${response.body}`);
      const { order } = response.json();
      return { id: order.id, amountPaisa: Math.round(order.amount * 100) };
    },

    /**
     * A dedication plan of the puja (docs/decisions/055); by default the 49 days of a death `diedDaysAgo`
     * days ago, so that only the occurrences still ahead (or today) are placed.
     */
    placePlan(options: { diedDaysAgo?: number; token?: string } & Partial<CreatePlanRequest> = {}) {
      const { diedDaysAgo = 35, token = patron, ...request } = options;
      return app.inject({
        method: 'POST',
        url: '/api/plans',
        headers: bearer(token),
        payload: {
          monastery: monastery.id,
          puja: puja.id,
          cost: PUJA_PRICE,
          kind: 'forty_nine_days',
          departed: {
            name: 'Tenzin Dorje',
            date_of_death: addDays(todayIn('Asia/Kathmandu'), -diedDaysAgo),
          },
          ...request,
        },
      });
    },
    plan(planId: number, token = patron) {
      return app.inject({ method: 'GET', url: `/api/plans/${planId}`, headers: bearer(token) });
    },
    /** The plan as its patron sees it now; a refusal throws. */
    async planNow(planId: number): Promise<Plan> {
      const response = await this.plan(planId);
      if (response.statusCode !== 200) throw new Error(`plan: ${response.statusCode} ${response.body}`);
      return response.json().plan;
    },
    startPlanPayment(planId: number, provider: 'esewa' | 'khalti', token = patron) {
      return app.inject({
        method: 'POST',
        url: `/api/plans/${planId}/${provider}-process`,
        headers: bearer(token),
      });
    },
    /** Pays a plan whole: start, pay (or cancel) at the provider, come back. */
    async payPlan(
      planId: number,
      provider: 'esewa' | 'khalti' = 'esewa',
      decision: 'pay' | 'cancel' = 'pay',
    ) {
      const started = await this.startPlanPayment(planId, provider);
      if (started.statusCode !== 200) return { started, landing: undefined };
      const location = await this.decideAtProvider(provider, started.json(), decision);
      return { started, landing: await this.returnFromProvider(location) };
    },
    skipOccurrence(planId: number, orderId: number, token = patron) {
      return app.inject({
        method: 'POST',
        url: `/api/plans/${planId}/occurrences/${orderId}/skip`,
        headers: bearer(token),
      });
    },
    cancelPlan(planId: number, token = patron) {
      return app.inject({ method: 'POST', url: `/api/plans/${planId}/cancel`, headers: bearer(token) });
    },
    /** Pauses or resumes a plan paid each (docs/decisions/058). */
    pausePlan(planId: number, token = patron) {
      return app.inject({ method: 'POST', url: `/api/plans/${planId}/pause`, headers: bearer(token) });
    },
    resumePlan(planId: number, token = patron) {
      return app.inject({ method: 'POST', url: `/api/plans/${planId}/resume`, headers: bearer(token) });
    },

    /**
     * Starts a payment; the answer is what the browser gets (409 when the order cannot be paid). A card
     * payment is in the patron's chosen currency (`setCurrency`).
     */
    startPayment(orderId: number, provider: PaymentProvider, token = patron) {
      return app.inject({
        method: 'POST',
        url: `/api/${provider === 'stripe' ? 'card' : provider}-process`,
        headers: bearer(token),
        payload: { order: orderId },
      });
    },
    /** The patron's choice of currency (docs/decisions/020), which a card payment is made in. */
    async setCurrency(currency: CardCurrency) {
      await db.update(users).set({ currency }).where(eq(users.id, patronSession.user.id));
    },

    /**
     * At the provider: eSewa's form is posted to the simulator (which registers the payment), then Pay or
     * Cancel is pressed. Answers where the provider sends the browser back.
     */
    async decideAtProvider(
      provider: PaymentProvider,
      started: {
        action?: string;
        fields?: Record<string, string>;
        response?: { pidx: string };
        url?: string;
      },
      decision: 'pay' | 'cancel',
    ): Promise<string> {
      if (provider === 'stripe') {
        // Stripe's page: paying delivers the signed webhook to the app before the browser is sent back.
        const sessionId = started.url!.split('/checkout/')[1]!;
        if (decision === 'pay') return stripe!.pay(sessionId);
        return stripe!.sessions.get(sessionId)!.cancel_url;
      }
      if (provider === 'esewa') {
        const form = await app.inject({
          method: 'POST',
          url: '/simulator/esewa/api/epay/main/v2/form',
          payload: started.fields!,
        });
        if (form.statusCode !== 200) throw new Error(`eSewa form: ${form.statusCode}`);
        const decided = await app.inject({
          method: 'POST',
          url: '/simulator/esewa/decide',
          payload: { transaction_uuid: started.fields!.transaction_uuid, decision },
        });
        return decided.headers.location as string;
      }
      const decided = await app.inject({
        method: 'POST',
        url: '/simulator/khalti/decide',
        payload: { pidx: started.response!.pidx, decision },
      });
      return decided.headers.location as string;
    },

    /** The browser arrives back from the provider: answers where our server sends it next. */
    async returnFromProvider(location: string): Promise<string> {
      const back = await follow(location);
      return back.headers.location as string;
    },

    /** Start, pay (or cancel) and come back, in one go. */
    async pay(orderId: number, provider: PaymentProvider = 'esewa', decision: 'pay' | 'cancel' = 'pay') {
      const started = await this.startPayment(orderId, provider);
      if (started.statusCode !== 200) return { started, landing: undefined };
      const location = await this.decideAtProvider(provider, started.json(), decision);
      return { started, landing: await this.returnFromProvider(location) };
    },

    /** The patron makes a "Pay for me" link (docs/decisions/051); answers its token (undefined if refused). */
    async createLink(orderId: number, options: { showsNames?: boolean; token?: string } = {}) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/order/${orderId}/payment-link`,
        headers: bearer(options.token ?? patron),
        payload: { shows_names: options.showsNames ?? false },
      });
      const token =
        response.statusCode === 200 ? (response.json().path as string).replace('/pay/', '') : undefined;
      return { response, token };
    },
    withdrawLink(orderId: number, token = patron) {
      return app.inject({
        method: 'DELETE',
        url: `/api/order/${orderId}/payment-link`,
        headers: bearer(token),
      });
    },
    /** What anyone holding the link reads, signed out. */
    viewLink(linkToken: string) {
      return app.inject({ method: 'GET', url: `/api/payment-links/${linkToken}` });
    },
    /** Someone without an account starts paying through the link. */
    startLinkPayment(linkToken: string, provider: 'esewa' | 'khalti', payload: object = {}) {
      return app.inject({
        method: 'POST',
        url: `/api/payment-links/${linkToken}/${provider}`,
        payload,
      });
    },
    /** Start through the link, pay (or cancel) and come back: answers where the payer lands. */
    async payThroughLink(
      linkToken: string,
      provider: 'esewa' | 'khalti' = 'khalti',
      decision: 'pay' | 'cancel' = 'pay',
      payerName?: string,
    ) {
      const started = await this.startLinkPayment(
        linkToken,
        provider,
        payerName ? { payer_name: payerName } : {},
      );
      if (started.statusCode !== 200) return { started, landing: undefined };
      const location = await this.decideAtProvider(provider, started.json(), decision);
      return { started, landing: await this.returnFromProvider(location) };
    },

    /** A staff change of an order, from its version as stored now (as the staff's page shows it). */
    async staffAction(orderId: number, body: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url: `/api/order/${orderId}`,
        headers: bearer(staff),
        payload: { _method: 'patch', version: String(await orderVersion(db, orderId)), ...body },
      });
    },
    approve(orderId: number) {
      return this.staffAction(orderId);
    },
    decline(orderId: number) {
      return this.staffAction(orderId, { status: 'decline', reason: 'date_unavailable' });
    },
    /**
     * The monastery's staff mark the puja performed, with one photo. A puja is completed on its day or
     * later (Nepal time): its day is first brought to today when it is still ahead, unless `early` asks
     * for the completion to be tried before the day.
     */
    async complete(orderId: number, options: { early?: boolean } = {}) {
      if (!options.early) await bringPujaDayToToday(db, orderId);
      const photo = await sharp({
        create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 120, b: 40 } },
      })
        .png()
        .toBuffer();
      const body = await multipart({ order_id: String(orderId), _method: 'patch' }, [
        { field: 'files[]', bytes: photo, type: 'image/png', name: 'puja.png' },
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/complete-puja',
        headers: { ...bearer(staff), ...body.headers },
        payload: body.payload,
      });
    },
    cancel(orderId: number, token = patron) {
      return app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: bearer(token) });
    },
    receipt(orderId: number, token = patron) {
      return app.inject({ method: 'GET', url: `/api/order/${orderId}/receipt`, headers: bearer(token) });
    },
    refundThroughKhalti(paymentId: number, token = admin) {
      return app.inject({
        method: 'POST',
        url: `/api/admin/payments/${paymentId}/refund`,
        headers: bearer(token),
      });
    },
    recordRefund(paymentId: number, reference: string, token = admin) {
      return app.inject({
        method: 'POST',
        url: `/api/admin/payments/${paymentId}/record-refund`,
        headers: bearer(token),
        payload: { reference },
      });
    },
    listPayments(query = '', token = admin) {
      return app.inject({ method: 'GET', url: `/api/admin/payments${query}`, headers: bearer(token) });
    },

    order: async (orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!,
    /** The order's payments, each with its refunds and the current one (`refund`: still to make, else the newest). */
    attempts: async (orderId: number) => {
      const rows = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(paymentAttempts.id);
      return (await withRefunds(db, rows)).map((row) => ({ ...row, refund: currentRefund(row.refunds) }));
    },

    /** Sends the queued SMS notices, then answers every text the outbox holds for the patron. */
    async patronTexts(): Promise<string[]> {
      await app.jobs.runDueJobs();
      const lines = await fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => '');
      return lines
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .filter((message) => message.to === '+9779818000001' && !/sign-in code/.test(message.text))
        .map((message) => message.text);
    },
    close: () => harness.close(),
  };
}
/** A puja still ahead is moved to today (Nepal), the first day it may be completed; others stay. */
export async function bringPujaDayToToday(db: TestApp['database']['db'], orderId: number): Promise<void> {
  const today = todayIn('Asia/Kathmandu');
  await db
    .update(orders)
    .set({ pujaDate: today })
    .where(and(eq(orders.id, orderId), gt(orders.pujaDate, today)));
}

export type MoneyHarness = Awaited<ReturnType<typeof createMoneyHarness>>;
