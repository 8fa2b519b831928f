import fs from 'node:fs/promises';
import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { orders, paymentAttempts, users } from '../src/db/schema/index.ts';
import { outboxFile } from '../src/integrations/sms/outbox-sms.ts';
import { insertMonastery, insertPuja, offer } from './catalogue-fixtures.ts';
import { multipart } from './multipart.ts';
import { bearer, signInByPhone } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The real app, listening (the payment adapters reach the built-in simulator over HTTP), with one
 * monastery offering one puja, a patron, another patron, the monastery's staff and an administrator, and
 * the moves people make with money: order, pay at either provider (or cancel there), come back, approve,
 * decline, cancel, refund. Every move goes through the HTTP API as the browser would.
 */
export const PUJA_PRICE = 2500;

export async function createMoneyHarness(env: NodeJS.ProcessEnv = {}) {
  // One patron places hundreds of orders here (the property test): above the per-patron hourly limit.
  const harness: TestApp = await createTestApp({
    env: { PUBLIC_URL: 'http://money.test', ORDERS_PER_PATRON_PER_HOUR: '100000', ...env },
  });
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = harness.database;
  const monastery = await insertMonastery(db, { slug: 'money-gompa', name: 'Money Gompa' });
  const puja = await insertPuja(db, { slug: 'money-puja', name: 'Tara Puja' });
  await offer(db, monastery.id, puja.id, PUJA_PRICE);
  const patron = (await signInByPhone(harness, '9818000001')).token;
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

    async placeOrder(options: { daysAhead?: number; token?: string } = {}): Promise<number> {
      const response = await app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(options.token ?? patron),
        payload: {
          monastery: monastery.id,
          puja: puja.id,
          cost: PUJA_PRICE,
          date: addDays(todayIn('Asia/Kathmandu'), options.daysAhead ?? 3),
          payment: 'esewa',
        },
      });
      if (response.statusCode !== 200) throw new Error(`order: ${response.statusCode} ${response.body}`);
      return response.json().order.id;
    },

    /** Starts a payment; the answer is what the browser gets (409 when the order cannot be paid). */
    startPayment(orderId: number, provider: 'esewa' | 'khalti', token = patron) {
      return app.inject({
        method: 'POST',
        url: `/api/${provider}-process`,
        headers: bearer(token),
        payload: { order: orderId },
      });
    },

    /**
     * At the provider: eSewa's form is posted to the simulator (which registers the payment), then Pay or
     * Cancel is pressed. Answers where the provider sends the browser back.
     */
    async decideAtProvider(
      provider: 'esewa' | 'khalti',
      started: { action?: string; fields?: Record<string, string>; response?: { pidx: string } },
      decision: 'pay' | 'cancel',
    ): Promise<string> {
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
    async pay(orderId: number, provider: 'esewa' | 'khalti' = 'esewa', decision: 'pay' | 'cancel' = 'pay') {
      const started = await this.startPayment(orderId, provider);
      if (started.statusCode !== 200) return { started, landing: undefined };
      const location = await this.decideAtProvider(provider, started.json(), decision);
      return { started, landing: await this.returnFromProvider(location) };
    },

    staffAction(orderId: number, body: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url: `/api/order/${orderId}`,
        headers: bearer(staff),
        payload: { _method: 'patch', ...body },
      });
    },
    approve(orderId: number) {
      return this.staffAction(orderId);
    },
    decline(orderId: number) {
      return this.staffAction(orderId, { status: 'decline', reason: 'date_unavailable' });
    },
    /** The monastery's staff mark the puja performed, with one photo. */
    async complete(orderId: number) {
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
    attempts: (orderId: number) =>
      db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(paymentAttempts.id),

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
export type MoneyHarness = Awaited<ReturnType<typeof createMoneyHarness>>;
