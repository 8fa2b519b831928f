import { addDays, todayIn } from '@puja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { insertOrder, orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, orders, users } from '../../db/schema/index.ts';

/**
 * The puja's time of day (docs/decisions/020): set by the monastery's staff with an approval or a new date,
 * audited with the change, answered to the patron; and the patron's own puja as a calendar event.
 */

let harness: TestApp;
let patron = { id: 0, token: '' };
let otherPatron = '';
let staff = '';
let otherStaff = '';
let admin = '';
let offering: Awaited<ReturnType<typeof offer>>;
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  harness = await createTestApp({ env: { PUBLIC_URL: 'https://puja.example' } });
  const { db } = harness.database;
  const monastery = await insertMonastery(db, { slug: 'time-gompa', name: 'Time Gompa' });
  const elsewhere = await insertMonastery(db, { slug: 'other-time-gompa', name: 'Other Time Gompa' });
  const puja = await insertPuja(db, { slug: 'time-puja', name: 'Time Puja' });
  offering = await offer(db, monastery.id, puja.id, 3000);
  const signedIn = await signInByPhone(harness, '9817300001');
  patron = { id: signedIn.user.id, token: signedIn.token };
  otherPatron = (await signInByPhone(harness, '9817300002')).token;
  const member = await signInByPhone(harness, '9817300003');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: monastery.id })
    .where(eq(users.id, member.user.id));
  staff = member.token;
  const stranger = await signInByPhone(harness, '9817300004');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: elsewhere.id })
    .where(eq(users.id, stranger.user.id));
  otherStaff = stranger.token;
  const administrator = await signInByPhone(harness, '9817300005');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, administrator.user.id));
  admin = administrator.token;
});
afterAll(() => harness.close());

async function paidOrder(date = addDays(today, 10)) {
  const order = await insertOrder(harness.database.db, offering, { userId: patron.id, pujaDate: date });
  await payOrder(harness.database.db, order.id);
  return order;
}
const update = async (token: string, orderId: number, payload: object) =>
  harness.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: bearer(token),
    payload: { version: await orderVersion(harness.database.db, orderId), ...payload },
  });
const storedTimeOf = async (orderId: number) =>
  (await harness.database.db.select({ time: orders.pujaTime }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.time;
const auditOf = (orderId: number) =>
  harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectType, 'order'), eq(auditEntries.subjectId, orderId)))
    .orderBy(auditEntries.id);

describe('the puja’s time of day', () => {
  it('is set by the monastery’s staff with an approval, audited, and answered to the patron', async () => {
    const order = await paidOrder();
    const approved = await update(staff, order.id, { time: '07:00' });
    expect(approved.statusCode).toBe(200);
    expect(await storedTimeOf(order.id)).toBe('07:00');
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({
      action: 'approve',
      before: { status: 'pending', date: order.pujaDate, time: null },
      after: { status: 'approved', date: order.pujaDate, time: '07:00' },
    });
    const own = await harness.app.inject({ url: '/api/order/create', headers: bearer(patron.token) });
    expect(own.json().orders.find((row: { id: number }) => row.id === order.id)).toMatchObject({
      time: '07:00',
    });
  });

  it('comes with a new date, and a new time alone on the same day is a change too', async () => {
    const order = await paidOrder();
    const newDate = addDays(today, 12);
    expect((await update(staff, order.id, { date: newDate, time: '18:30' })).statusCode).toBe(200);
    expect(await storedTimeOf(order.id)).toBe('18:30');
    expect((await update(staff, order.id, { date: newDate, time: '06:15' })).statusCode).toBe(200);
    expect(await storedTimeOf(order.id)).toBe('06:15');
    // The same day and the same time change nothing.
    expect((await update(staff, order.id, { date: newDate, time: '06:15' })).statusCode).toBe(422);
    // Empty clears it; left out, it stays.
    expect((await update(staff, order.id, { date: addDays(today, 13), time: '' })).statusCode).toBe(200);
    expect(await storedTimeOf(order.id)).toBeNull();
    const entries = await auditOf(order.id);
    expect(entries.map((entry) => (entry.after as { time: string | null }).time)).toEqual([
      '18:30',
      '06:15',
      null,
    ]);
  });

  it('refuses a time that is not HH:MM with 422 on time, changing nothing', async () => {
    const order = await paidOrder();
    for (const time of ['7:00', '24:00', '07:60', 'noon', '07:00:00']) {
      const refused = await update(staff, order.id, { time });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.time).toBeDefined();
    }
    expect((await update(staff, order.id, { status: 'decline', time: '07:00' })).statusCode).toBe(422);
    expect(await storedTimeOf(order.id)).toBeNull();
    expect(await auditOf(order.id)).toEqual([]);
  });

  it('is set only by staff of the order’s own monastery', async () => {
    const order = await paidOrder();
    expect((await update(otherStaff, order.id, { time: '07:00' })).statusCode).toBe(403);
    expect((await update(patron.token, order.id, { time: '07:00' })).statusCode).toBe(403);
    expect((await update(admin, order.id, { time: '07:00' })).statusCode).toBe(403);
    expect(await storedTimeOf(order.id)).toBeNull();
  });
});

describe('GET /api/order/:orderId/calendar.ics', () => {
  const download = (token: string | undefined, orderId: number) =>
    harness.app.inject({
      url: `/api/order/${orderId}/calendar.ics`,
      ...(token ? { headers: bearer(token) } : {}),
    });

  it('answers the patron’s own puja as a calendar event, at the time the monastery set', async () => {
    const order = await paidOrder('2027-01-05');
    await update(staff, order.id, { time: '07:00' });
    const response = await download(patron.token, order.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="puja-${order.number}.ics"`);
    const lines = response.body.replace(/\r\n[ \t]/g, '').split('\r\n');
    // 07:00 in Kathmandu is 01:15 UTC.
    expect(lines).toContain('DTSTART:20270105T011500Z');
    expect(lines).toContain(`UID:${order.number.toLowerCase()}@puja-marketplace`);
    expect(lines).toContain('LOCATION:Time Gompa\\, Nepal');
    expect(lines).toContain(`URL:https://puja.example/orders?oid=${order.id}`);
  });

  it('raises its SEQUENCE with each change of day or time, so calendars replace an earlier download', async () => {
    const order = await paidOrder('2027-01-07');
    const sequenceOf = async () =>
      (await download(patron.token, order.id)).body
        .split('\r\n')
        .find((line) => line.startsWith('SEQUENCE:'));
    expect(await sequenceOf()).toBe('SEQUENCE:0');
    await update(staff, order.id, { date: '2027-01-08' });
    expect(await sequenceOf()).toBe('SEQUENCE:1');
    await update(staff, order.id, { date: '2027-01-08', time: '07:00' });
    expect(await sequenceOf()).toBe('SEQUENCE:2');
    // An approval that keeps the day and time changes neither the event nor its SEQUENCE.
    await update(staff, order.id, { status: 'approve' });
    expect(await sequenceOf()).toBe('SEQUENCE:2');
  });

  it('is all day on the Nepal date when no time is set', async () => {
    const order = await paidOrder('2027-01-06');
    const lines = (await download(patron.token, order.id)).body.split('\r\n');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270106');
  });

  it('is the patron’s own only: another patron, staff and administrators are refused', async () => {
    const order = await paidOrder();
    expect((await download(undefined, order.id)).statusCode).toBe(401);
    expect((await download(otherPatron, order.id)).statusCode).toBe(403);
    expect((await download(staff, order.id)).statusCode).toBe(403);
    expect((await download(admin, order.id)).statusCode).toBe(403);
    expect((await download(patron.token, 999_999)).statusCode).toBe(404);
  });

  it('has nothing for a puja that will not happen', async () => {
    const cancelled = await insertOrder(harness.database.db, offering, {
      userId: patron.id,
      status: 'cancelled',
    });
    expect((await download(patron.token, cancelled.id)).statusCode).toBe(409);
  });
});
