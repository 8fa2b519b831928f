import { addDays, todayIn } from '@puja/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../test/catalogue-fixtures.ts';
import { bearer, freshAddress } from '../../test/session-helpers.ts';
import { startStandIn } from '../../test/stand-ins/http-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSparrowSmsSender } from '../integrations/sms/sparrow-sms.ts';

/**
 * Notices go through the durable queue: an SMS provider that fails, then answers, still delivers every
 * notice, once. Sparrow's real adapter talks to a local stand-in that refuses the first notices.
 */
let harness: TestApp;
let sparrow: Awaited<ReturnType<typeof startStandIn>>;
let failuresLeft = 2;
const notices = () =>
  sparrow.requests.filter((request) => !request.form.get('text')?.includes('sign-in code'));

beforeAll(async () => {
  sparrow = await startStandIn((request) => {
    const notice = !request.form.get('text')?.includes('sign-in code');
    if (notice && failuresLeft > 0) {
      failuresLeft -= 1;
      return { status: 503, body: { response_code: 5000, response: 'Service unavailable' } };
    }
    return {
      status: 200,
      body: { count: 1, response_code: 200, response: '1 mesages has been queued for delivery' },
    };
  });
  harness = await createTestApp({
    env: { PUBLIC_URL: 'http://queue.test' },
    sms: createSparrowSmsSender({ apiUrl: sparrow.url, token: 'test-token', from: 'PujaTest' }),
  });
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await harness.close();
  await sparrow.close();
});

/** Signs in reading the code from what Sparrow was asked to deliver, as the phone would show it. */
async function signIn(nationalNumber: string): Promise<string> {
  const remoteAddress = freshAddress();
  const sent = await harness.app.inject({
    method: 'POST',
    url: '/api/send-otp',
    remoteAddress,
    payload: { code: '+977', phone: nationalNumber },
  });
  const { challenge } = sent.json<{ challenge: string }>();
  const text = sparrow.requests
    .filter((request) => request.form.get('to') === nationalNumber)
    .at(-1)
    ?.form.get('text');
  const otp = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/login-phone',
    remoteAddress,
    payload: { code: '+977', phone: nationalNumber, otp, challenge },
  });
  return login.json().token;
}

/** Makes jobs waiting for their back-off due now, as time passing would. */
const skipBackOff = () =>
  harness.database.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now()`);
const queuedJobs = async () =>
  Number(
    (
      await harness.database.db.execute<{ count: string }>(
        sql`SELECT count(*) FROM graphile_worker._private_jobs`,
      )
    ).rows[0]!.count,
  );

describe('durable notices', () => {
  it('queues the notice with the change, retries a failing provider, and delivers it once', async () => {
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 'queue-gompa', name: 'Queue Gompa' });
    const puja = await insertPuja(db, { slug: 'queue-puja', name: 'Queue Puja' });
    await offer(db, monastery.id, puja.id, 1500);
    const patron = await signIn('9819000001');
    const placed = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(patron),
      payload: {
        monastery: monastery.id,
        puja: puja.id,
        cost: 1500,
        date: addDays(todayIn('Asia/Kathmandu'), 4),
        payment: 'khalti',
      },
    });
    const orderId = placed.json().order.id;
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(patron),
    });
    expect(cancelled.statusCode).toBe(200);
    // The cancellation committed with its notice queued, and nothing was sent yet.
    expect(await queuedJobs()).toBe(1);
    expect(notices()).toHaveLength(0);

    await harness.app.jobs.runDueJobs(); // Sparrow answers 503
    expect(notices()).toHaveLength(1);
    expect(await queuedJobs()).toBe(1);
    await skipBackOff();
    await harness.app.jobs.runDueJobs(); // 503 again
    await skipBackOff();
    await harness.app.jobs.runDueJobs(); // delivered
    expect(notices()).toHaveLength(3);
    expect(await queuedJobs()).toBe(0);
    const number = cancelled.json().order.number;
    expect(notices().at(-1)!.form.get('text')).toBe(
      `${number}: You cancelled your Queue Puja. http://queue.test/orders?oid=${orderId}`,
    );
    expect(notices().at(-1)!.form.get('to')).toBe('9819000001');

    // Nothing is sent twice.
    await skipBackOff();
    await harness.app.jobs.runDueJobs();
    expect(notices()).toHaveLength(3);
  });
});
