import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orders, paymentAttempts } from '../../db/schema/index.ts';
import { esewaMessage, signEsewaMessage } from '../../integrations/payments/esewa.ts';
import { ESEWA_TEST_MERCHANT } from '../../integrations/payments/payment-settings.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

let harness: TestApp;
let patron: string;
let otherPatron: string;
let monasteryId: number;
let pujaId: number;

beforeAll(async () => {
  harness = await createTestApp({ env: { PUBLIC_URL: 'http://pay.test' } });
  // The adapters reach the simulator over real HTTP, so this app listens on a free port.
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const monastery = await insertMonastery(harness.database.db, { slug: 'pay-gompa', name: 'Pay Gompa' });
  const puja = await insertPuja(harness.database.db, { slug: 'pay-puja', name: 'Pay Puja' });
  await offer(harness.database.db, monastery.id, puja.id, 2500);
  monasteryId = monastery.id;
  pujaId = puja.id;
  patron = (await signInByPhone(harness, '9816000001')).token;
  otherPatron = (await signInByPhone(harness, '9816000002')).token;
});
afterAll(() => harness.close());

async function newOrder(payment: 'esewa' | 'khalti' = 'esewa'): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(patron),
    payload: {
      monastery: monasteryId,
      puja: pujaId,
      cost: 2500,
      date: addDays(todayIn('Asia/Kathmandu'), 2),
      payment,
    },
  });
  return response.json().order.id;
}

const orderRow = async (id: number) =>
  (await harness.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** Follows a redirect to one of this app's own paths, as the browser would. */
const follow = (location: string) => {
  const url = new URL(location, 'http://pay.test');
  return harness.app.inject({ url: `${url.pathname}${url.search}` });
};
const startEsewa = (order: number, token = patron) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/esewa-process',
    headers: bearer(token),
    payload: { order },
  });

/** The browser's trip through eSewa: post the signed form, then press Pay or Cancel. */
async function payWithEsewa(order: number, decision: 'pay' | 'cancel') {
  const { action, fields } = (await startEsewa(order)).json();
  expect(action).toBe('http://pay.test/simulator/esewa/api/epay/main/v2/form');
  const formPage = await harness.app.inject({
    method: 'POST',
    url: '/simulator/esewa/api/epay/main/v2/form',
    payload: fields,
  });
  expect(formPage.statusCode).toBe(200);
  expect(formPage.body).toContain('No real money moves here');
  const decided = await harness.app.inject({
    method: 'POST',
    url: '/simulator/esewa/decide',
    payload: { transaction_uuid: fields.transaction_uuid, decision },
  });
  expect(decided.statusCode).toBe(302);
  return { fields, returnLocation: decided.headers.location as string };
}

describe('paying with eSewa', () => {
  it('marks the order paid once eSewa’s status API confirms the stored amount', async () => {
    const order = await newOrder();
    const { returnLocation } = await payWithEsewa(order, 'pay');
    expect(returnLocation).toMatch(/^http:\/\/pay\.test\/esewa-payment-success\?data=/);
    const back = await follow(returnLocation);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/orders?status=success&oid=${order}`);
    const row = await orderRow(order);
    expect(row.paymentStatus).toBe('Completed');
    expect(row.transactionCode).toMatch(/^[A-Z0-9]{7}$/);

    // A replayed callback changes nothing.
    const [before] = await harness.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order));
    expect((await follow(returnLocation)).headers.location).toBe(`/orders?status=success&oid=${order}`);
    const [after] = await harness.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order));
    expect(after!.completedAt).toEqual(before!.completedAt);
    expect((await orderRow(order)).updatedAt).toEqual(row.updatedAt);

    // And a paid order cannot be paid again.
    expect((await startEsewa(order)).statusCode).toBe(409);
  });

  it('leaves the order unpaid when the patron cancels, and lets them try again', async () => {
    const order = await newOrder();
    const { returnLocation, fields } = await payWithEsewa(order, 'cancel');
    expect(returnLocation).toBe(`http://pay.test/esewa-payment-failed?reference=${fields.transaction_uuid}`);
    expect((await follow(returnLocation)).headers.location).toBe(`/orders?status=error&oid=${order}`);
    expect((await orderRow(order)).paymentStatus).toBe('Pending');
    const [attempt] = await harness.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.reference, fields.transaction_uuid));
    expect(attempt!.status).toBe('Failed');
    expect((await startEsewa(order)).statusCode).toBe(200);
  });

  describe('forged callbacks', () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
    const signed = (data: Record<string, string>) => {
      const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
      const full = { ...data, signed_field_names: names };
      return {
        ...full,
        signature: signEsewaMessage(ESEWA_TEST_MERCHANT.secretKey, esewaMessage(full, names)),
      };
    };

    it.each([
      [
        'a bad signature',
        (uuid: string) => ({
          ...signed({
            transaction_code: 'X1',
            status: 'COMPLETE',
            total_amount: '2500.0',
            transaction_uuid: uuid,
            product_code: 'EPAYTEST',
          }),
          signature: 'AAAA',
        }),
      ],
      [
        'an altered amount, correctly signed',
        (uuid: string) =>
          signed({
            transaction_code: 'X1',
            status: 'COMPLETE',
            total_amount: '25.0',
            transaction_uuid: uuid,
            product_code: 'EPAYTEST',
          }),
      ],
      [
        'an unknown reference, correctly signed',
        () =>
          signed({
            transaction_code: 'X1',
            status: 'COMPLETE',
            total_amount: '2500.0',
            transaction_uuid: 'nobody-knows',
            product_code: 'EPAYTEST',
          }),
      ],
      [
        'a right signature for a payment eSewa never completed',
        (uuid: string) =>
          signed({
            transaction_code: 'X1',
            status: 'COMPLETE',
            total_amount: '2500.0',
            transaction_uuid: uuid,
            product_code: 'EPAYTEST',
          }),
      ],
    ])('refuses %s', async (_case, forge) => {
      const order = await newOrder();
      const { fields } = (await startEsewa(order)).json();
      // The form reached the simulator but nobody paid: eSewa's status stays PENDING.
      await harness.app.inject({
        method: 'POST',
        url: '/simulator/esewa/api/epay/main/v2/form',
        payload: fields,
      });
      const back = await harness.app.inject({
        url: `/esewa-payment-success?data=${encodeURIComponent(encode(forge(fields.transaction_uuid)))}`,
      });
      // A valid signature on a payment eSewa still calls PENDING is not paid; the patron is told it is
      // being checked (reconciliation settles it). Anything forged is an error.
      expect(back.headers.location).toMatch(
        _case.includes('never completed') ? /status=checking/ : /status=error/,
      );
      expect((await orderRow(order)).paymentStatus).toBe('Pending');
    });

    it('refuses a callback without data', async () => {
      expect((await harness.app.inject('/esewa-payment-success')).headers.location).toBe(
        '/orders?status=error',
      );
    });
  });
});

describe('paying with Khalti', () => {
  const startKhalti = (order: number, token = patron) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/khalti-process',
      headers: bearer(token),
      payload: { order },
    });

  async function khaltiReturn(order: number, decision: 'pay' | 'cancel') {
    const { response } = (await startKhalti(order)).json();
    expect(response.payment_url).toBe(`http://pay.test/simulator/khalti/pay?pidx=${response.pidx}`);
    expect((await follow(response.payment_url)).statusCode).toBe(200);
    const decided = await harness.app.inject({
      method: 'POST',
      url: '/simulator/khalti/decide',
      payload: { pidx: response.pidx, decision },
    });
    return { pidx: response.pidx as string, returnLocation: decided.headers.location as string };
  }

  it('marks the order paid when Khalti’s look-up says Completed for the stored amount, once', async () => {
    const order = await newOrder('khalti');
    const { returnLocation } = await khaltiReturn(order, 'pay');
    expect(returnLocation).toContain('http://pay.test/khalti-payment-return?pidx=');
    expect((await follow(returnLocation)).headers.location).toBe(`/orders?status=success&oid=${order}`);
    const row = await orderRow(order);
    expect(row).toMatchObject({ paymentStatus: 'Completed', paymentType: 'khalti' });
    expect((await follow(returnLocation)).headers.location).toBe(`/orders?status=success&oid=${order}`);
    expect((await orderRow(order)).updatedAt).toEqual(row.updatedAt);
  });

  it.each([
    ['Pending', { status: 'Pending' as const }, 'checking'],
    ['Expired', { status: 'Expired' as const }, 'error'],
    ['User canceled', { status: 'User canceled' as const }, 'error'],
    [
      'Completed for another amount',
      { status: 'Completed' as const, reportedAmountPaisa: 2500, transactionId: 'T1' },
      'error',
    ],
  ])('does not mark the order paid when the look-up says %s', async (_case, simulated, outcome) => {
    const order = await newOrder('khalti');
    const { response } = (await startKhalti(order)).json();
    Object.assign(harness.app.paymentSimulator!.khalti.get(response.pidx)!, simulated);
    // The return URL claims success; it is unsigned, so it counts for nothing.
    const back = await harness.app.inject({
      url: `/khalti-payment-return?pidx=${response.pidx}&status=Completed&total_amount=250000`,
    });
    expect(back.headers.location).toBe(`/orders?status=${outcome}&oid=${order}`);
    expect((await orderRow(order)).paymentStatus).toBe('Pending');
  });

  it('a cancelled payment leaves the order payable', async () => {
    const order = await newOrder('khalti');
    const { returnLocation } = await khaltiReturn(order, 'cancel');
    expect((await follow(returnLocation)).headers.location).toBe(`/orders?status=error&oid=${order}`);
    expect((await startKhalti(order)).statusCode).toBe(200);
  });

  it('refuses to start a payment for someone else’s order or an unknown one', async () => {
    const order = await newOrder('khalti');
    expect((await startKhalti(order, otherPatron)).statusCode).toBe(403);
    expect((await startEsewa(order, otherPatron)).statusCode).toBe(403);
    expect((await startKhalti(999999)).statusCode).toBe(404);
    expect(
      (await harness.app.inject({ method: 'POST', url: '/api/khalti-process', payload: { order } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('reconciliation', () => {
  it('settles a payment whose callback never arrived', async () => {
    const order = await newOrder();
    const { fields } = await payWithEsewa(order, 'pay'); // paid at eSewa, but the browser never came back
    expect((await orderRow(order)).paymentStatus).toBe('Pending');
    // The attempt is older than the five minutes the job waits for a callback.
    const [attempt] = await harness.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.reference, fields.transaction_uuid));
    await harness.database.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(paymentAttempts.id, attempt!.id));
    // The scheduled job, through the real queue.
    await enqueueJob(harness.database.db, 'reconcile-payments', {});
    await harness.app.jobs.runDueJobs();
    expect((await orderRow(order)).paymentStatus).toBe('Completed');
  });
});
