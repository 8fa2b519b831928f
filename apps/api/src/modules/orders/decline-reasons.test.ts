import fs from 'node:fs/promises';
import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, orders, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

/**
 * Declining with a reason, and the 30 days a declined or cancelled order stays open to messages
 * (docs/decisions/038).
 */
let harness: TestApp;
let patron = '';
let staff = '';
let otherStaff = '';
let monastery = 0;
let pujaId = 0;
const today = todayIn('Asia/Kathmandu');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const gompa = await insertMonastery(db, { slug: 'decline-gompa', name: 'Decline Gompa' });
  const other = await insertMonastery(db, { slug: 'decline-other', name: 'Other Gompa' });
  const puja = await insertPuja(db, { slug: 'decline-puja', name: 'Tara Puja' });
  await offer(db, gompa.id, puja.id, 2500);
  monastery = gompa.id;
  pujaId = puja.id;
  patron = (await signInByPhone(harness, '9817100001')).token;
  for (const [phone, monasteryId, set] of [
    ['9817100002', gompa.id, (token: string) => (staff = token)],
    ['9817100003', other.id, (token: string) => (otherStaff = token)],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db.update(users).set({ role: 'monastery', monasteryId }).where(eq(users.id, member.user.id));
    set(member.token);
  }
});
afterAll(() => harness.close());

async function newOrder({ paid = true } = {}): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(patron),
    payload: {
      monastery,
      puja: pujaId,
      cost: 2500,
      date: addDays(today, 5),
      payment: 'khalti',
      names: [{ name: 'Dolma' }],
    },
  });
  const id: number = response.json().order.id;
  if (paid) await payOrder(harness.database.db, id);
  return id;
}
const decline = async (id: number, payload: object, token = staff) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/order/${id}`,
    headers: bearer(token),
    payload: {
      _method: 'patch',
      status: 'decline',
      version: await orderVersion(harness.database.db, id),
      ...payload,
    },
  });
const orderRow = async (id: number) =>
  (await harness.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const patronOrder = async (id: number) =>
  (
    await harness.app.inject({ method: 'GET', url: `/api/get-messages/${id}`, headers: bearer(patron) })
  ).json().order;
const patronWrites = (id: number) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/order/${id}/messages`,
    headers: bearer(patron),
    payload: { message: 'Could another day work?' },
  });
const staffWrites = (id: number) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/messages`,
    headers: bearer(staff),
    payload: { message: 'We are sorry: the lama is away that week.' },
  });
const outbox = async () => {
  await harness.app.jobs.runDueJobs();
  return fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => '');
};
/** Moves the moment the order closed back by `days`, as if that many days had passed since. */
const closedDaysAgo = (id: number, days: number) =>
  harness.database.db
    .update(orders)
    .set({ closedAt: new Date(Date.now() - days * DAY) })
    .where(eq(orders.id, id));

describe('declining with a reason', () => {
  it('requires a reason, and words of the staff member’s own for “other”; nothing changes until then', async () => {
    const id = await newOrder();
    const none = await decline(id, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.reason).toBeDefined();
    const unknown = await decline(id, { reason: 'busy' });
    expect(unknown.statusCode).toBe(422);
    const otherWithout = await decline(id, { reason: 'other', reason_note: '   ' });
    expect(otherWithout.statusCode).toBe(422);
    expect(otherWithout.json().errors.reason_note).toEqual(['Write the reason: the patron reads it.']);
    const tooLong = await decline(id, { reason: 'other', reason_note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(422);
    // A reason without a decline is not an approval in disguise.
    const reasonAlone = await harness.app.inject({
      method: 'POST',
      url: `/api/order/${id}`,
      headers: bearer(staff),
      payload: {
        _method: 'patch',
        reason: 'date_unavailable',
        version: await orderVersion(harness.database.db, id),
      },
    });
    expect(reasonAlone.statusCode).toBe(422);
    expect((await orderRow(id)).status).toBe('pending');
  });

  it('keeps the reason, audits it, shows it to the patron and tells them with the refund’s day and the 30 days', async () => {
    const id = await newOrder();
    const before = await outbox();
    const response = await decline(id, { reason: 'other', reason_note: '  The lama is in retreat.  ' });
    expect(response.statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({
      status: 'declined',
      declineReason: 'other',
      declineNote: 'The lama is in retreat.',
    });
    const [entry] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, id));
    expect(entry).toMatchObject({
      action: 'decline',
      after: { status: 'declined', decline_reason: 'other', decline_note: 'The lama is in retreat.' },
    });
    const order = await patronOrder(id);
    expect(order.decline).toEqual({ reason: 'other', note: 'The lama is in retreat.' });
    const closedAt = (await orderRow(id)).closedAt!;
    expect(order.messages_until).toBe(new Date(closedAt.getTime() + 30 * DAY).toISOString());
    // The SMS is one segment (docs/decisions/048): the refund and where to read why; the reason itself,
    // the refund's day and the 30 days of messages are on the order's page and in the e-mail.
    const sms = (await outbox()).slice(before.length);
    expect(sms).toContain('The monastery could not accept your');
    expect(sms).toContain('will be refunded. Why:');
    expect(sms).toContain(`/orders?oid=${id}`);
  });

  it('keeps no note beside a reason from the list, and says that reason in the notice', async () => {
    const id = await newOrder({ paid: false });
    const before = await outbox();
    expect((await decline(id, { reason: 'puja_not_offered', reason_note: 'ignored' })).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ declineReason: 'puja_not_offered', declineNote: null });
    expect((await patronOrder(id)).decline).toEqual({ reason: 'puja_not_offered', note: null });
    const sms = (await outbox()).slice(before.length);
    expect(sms).toContain('they do not offer it now');
    expect(sms).not.toContain('refunded');
  });

  it('lets only the order’s own monastery decline it', async () => {
    const id = await newOrder();
    expect((await decline(id, { reason: 'date_unavailable' }, otherStaff)).statusCode).toBe(403);
    expect((await decline(id, { reason: 'date_unavailable' }, patron)).statusCode).toBe(403);
    expect((await orderRow(id)).status).toBe('pending');
  });
});

describe('messages on a declined or cancelled order', () => {
  it('are taken from both sides for 30 days after it closed, then refused', async () => {
    const id = await newOrder();
    expect((await decline(id, { reason: 'date_unavailable' })).statusCode).toBe(200);
    await closedDaysAgo(id, 29);
    expect((await patronWrites(id)).statusCode).toBe(200);
    expect((await staffWrites(id)).statusCode).toBe(200);
    const page = await harness.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: bearer(staff),
    });
    expect(page.json().actions.message).toBe(true);

    await closedDaysAgo(id, 31);
    const late = await patronWrites(id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is declined: messages can no longer be sent on it.');
    expect((await staffWrites(id)).statusCode).toBe(409);
    const after = await harness.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: bearer(staff),
    });
    expect(after.json().actions.message).toBe(false);
  });

  it('holds for a cancelled order too', async () => {
    const id = await newOrder({ paid: false });
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: `/api/order/${id}/cancel`,
      headers: bearer(patron),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.messages_until).not.toBeNull();
    expect((await staffWrites(id)).statusCode).toBe(200);
    await closedDaysAgo(id, 31);
    expect((await patronWrites(id)).statusCode).toBe(409);
    expect((await patronOrder(id)).messages_until).not.toBeNull();
  });

  it('gives an open order no end', async () => {
    const id = await newOrder();
    expect((await patronOrder(id)).messages_until).toBeNull();
    expect((await patronOrder(id)).decline).toBeNull();
  });
});
