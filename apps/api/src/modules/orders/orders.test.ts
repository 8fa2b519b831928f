import fs from 'node:fs/promises';
import {
  addDays,
  MESSAGE_MAX_LENGTH,
  OWN_ORDERS_PAGE_SIZE,
  PRAYER_NAME_MAX_LENGTH,
  PRAYER_NAMES_MAX,
  todayIn,
} from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { messages, monasteries, orders, pujas, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

let harness: TestApp;
const ids = { open: 0, closed: 0, other: 0, tara: 0, lamp: 0, closedPuja: 0, notOffered: 0 };
let patron: { token: string; id: number };
let otherPatron: { token: string; id: number };
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const open = await insertMonastery(db, { slug: 'order-gompa', name: 'Order Gompa' });
  const closed = await insertMonastery(db, { slug: 'closed-order-gompa', status: 0 });
  const other = await insertMonastery(db, { slug: 'other-order-gompa', name: 'Other Gompa' });
  const tara = await insertPuja(db, { slug: 'order-tara', name: 'Tara Puja' });
  const lamp = await insertPuja(db, { slug: 'order-lamp', name: 'Lamp Offering' });
  const closedPuja = await insertPuja(db, { slug: 'order-closed-puja', status: 0 });
  const notOffered = await insertPuja(db, { slug: 'order-not-offered' });
  await offer(db, open.id, tara.id, 2500);
  await offer(db, open.id, lamp.id, 1100.5);
  await offer(db, open.id, closedPuja.id, 900);
  await offer(db, closed.id, tara.id, 1000);
  await offer(db, other.id, tara.id, 2000);
  Object.assign(ids, {
    open: open.id,
    closed: closed.id,
    other: other.id,
    tara: tara.id,
    lamp: lamp.id,
    closedPuja: closedPuja.id,
    notOffered: notOffered.id,
  });
  const signedIn = await signInByPhone(harness, '9815000001');
  patron = { token: signedIn.token, id: signedIn.user.id };
  const second = await signInByPhone(harness, '9815000002');
  otherPatron = { token: second.token, id: second.user.id };
});
afterAll(() => harness.close());

const placeOrder = (payload: object, token = patron.token) =>
  harness.app.inject({ method: 'POST', url: '/api/order', headers: bearer(token), payload });
const valid = () => ({
  monastery: ids.open,
  puja: ids.tara,
  cost: 2500,
  date: addDays(today, 3),
  payment: 'esewa',
});
const orderCount = () => harness.database.db.$count(orders);

describe('placing an order', () => {
  it('stores the order at the monastery’s price with the names and intention, pending payment', async () => {
    const response = await placeOrder({
      ...valid(),
      names: [{ name: 'Pema Dolma' }],
      intention: 'For her recovery',
    });
    expect(response.statusCode).toBe(200);
    const { order } = response.json();
    expect(order).toMatchObject({
      amount: 2500,
      status: 'pending',
      payment_type: 'esewa',
      payment_status: 'Pending',
      transaction_code: null,
      names: [{ id: expect.any(Number), name: 'Pema Dolma', departed: false, note: null, read_at: null }],
      intention: 'For her recovery',
      user_id: patron.id,
      date: `${addDays(today, 3)}T00:00:00+05:45`,
      monastery_puja: {
        monastery: { id: ids.open, name: 'Order Gompa', slug: 'order-gompa' },
        puja: { id: ids.tara, name: 'Tara Puja' },
      },
    });
  });

  it('accepts multipart form data as the web app sends it, the names as one JSON field, and prices in paisa', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid(), puja: ids.lamp, cost: 1100.5, date: today }))
      form.set(key, String(value));
    form.set(
      'names',
      JSON.stringify([{ name: 'स्व. हरि प्रसाद', departed: true, note: '२०८१ फागुन' }, { name: 'Dawa' }]),
    );
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(patron.token), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().order.amount).toBe(1100.5);
    expect(response.json().order.names).toMatchObject([
      { name: 'स्व. हरि प्रसाद', departed: true, note: '२०८१ फागुन' },
      { name: 'Dawa', departed: false, note: null },
    ]);
  });

  it.each([
    [
      'a different cost',
      { cost: 1 },
      'cost',
      'The price of this puja is now Rs. 2,500. Please check and order again.',
    ],
    ['a past date', { date: addDays(today, -1) }, 'date', 'The date cannot be earlier than today.'],
    ['an impossible date', { date: '2027-02-30' }, 'date', 'Choose a valid date.'],
    [
      'a date more than a year ahead',
      { date: addDays(today, 400) },
      'date',
      'Choose a date within the next year.',
    ],
    [
      'a closed monastery',
      { monastery: 'closed' },
      'puja',
      'This monastery does not offer this puja at the moment.',
    ],
    [
      'a closed puja',
      { puja: 'closedPuja', cost: 900 },
      'puja',
      'This monastery does not offer this puja at the moment.',
    ],
    [
      'a puja the monastery does not offer',
      { puja: 'notOffered' },
      'puja',
      'This monastery does not offer this puja at the moment.',
    ],
    ['no payment method', { payment: undefined }, 'payment', 'Choose how to pay: eSewa or Khalti.'],
    ['an unknown payment method', { payment: 'cash' }, 'payment', 'Choose how to pay: eSewa or Khalti.'],
    [
      'an intention over 500 characters',
      { intention: 'x'.repeat(501) },
      'intention',
      'The intention can be at most 500 characters.',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_case, change, field, message) => {
    const payload: Record<string, unknown> = { ...valid(), ...change };
    for (const key of ['monastery', 'puja'] as const) {
      if (typeof payload[key] === 'string') payload[key] = ids[payload[key] as keyof typeof ids];
    }
    const before = await orderCount();
    const response = await placeOrder(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await orderCount()).toBe(before);
  });

  it('creates one order when the same form is sent twice', async () => {
    const payload = { ...valid(), idempotency_key: 'form-submission-0001' };
    const [first, second] = await Promise.all([placeOrder(payload), placeOrder(payload)]);
    expect(first.json().order.id).toBe(second.json().order.id);
    const rows = await harness.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, 'form-submission-0001'));
    expect(rows).toHaveLength(1);
  });

  it('refuses names to pray for beyond the limits with a clear message, never cutting them', async () => {
    const before = await orderCount();
    const family = Array.from({ length: PRAYER_NAMES_MAX + 1 }, (_, index) => ({ name: `Pema ${index}` }));
    const refused = await placeOrder({ ...valid(), names: family });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ names: [`At most ${PRAYER_NAMES_MAX} names can be given.`] });
    expect(await orderCount()).toBe(before);
    // At the limits, every name and every character is kept.
    const whole = 'ཀ'.repeat(PRAYER_NAME_MAX_LENGTH);
    const placed = await placeOrder({ ...valid(), names: [...family.slice(2), { name: whole }] });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.names).toHaveLength(PRAYER_NAMES_MAX);
    expect(placed.json().order.names.at(-1).name).toBe(whole);
  });

  it('says when an unpaid order expires: 24 hours after placing, or at the end of its puja’s day in Nepal', async () => {
    const later = (await placeOrder({ ...valid(), date: addDays(today, 3) })).json().order;
    expect(Date.parse(later.pay_by) - Date.parse(later.created_at)).toBe(24 * 3_600_000);
    const todays = (await placeOrder({ ...valid(), date: today })).json().order;
    expect(todays.pay_by).toBe(new Date(`${addDays(today, 1)}T00:00:00+05:45`).toISOString());
    // Paid, it no longer expires.
    await payOrder(harness.database.db, later.id);
    const { orders: own } = (
      await harness.app.inject({ url: '/api/order/create', headers: bearer(patron.token) })
    ).json();
    expect(own.find((order: { id: number }) => order.id === later.id).pay_by).toBeNull();
  });

  it('lets only signed-in patrons order', async () => {
    expect(
      (await harness.app.inject({ method: 'POST', url: '/api/order', payload: valid() })).statusCode,
    ).toBe(401);
    const staff = await signInByPhone(harness, '9815000003');
    await harness.database.db
      .update(users)
      .set({ role: 'monastery', monasteryId: ids.open })
      .where(eq(users.id, staff.user.id));
    expect((await placeOrder(valid(), staff.token)).statusCode).toBe(403);
  });
});

describe('reading orders', () => {
  it('lists only the patron’s own orders, newest first', async () => {
    await placeOrder({ ...valid(), monastery: ids.other, cost: 2000 }, otherPatron.token);
    const mine = (
      await harness.app.inject({ url: '/api/order/create', headers: bearer(patron.token) })
    ).json().orders;
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((order: { user_id: number }) => order.user_id === patron.id)).toBe(true);
    const created = mine.map((order: { created_at: string }) => order.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages the patron’s orders on the server, with the page, its size and the total', async () => {
    const pager = await signInByPhone(harness, '9815000009');
    for (let index = 0; index < OWN_ORDERS_PAGE_SIZE + 3; index += 1)
      expect((await placeOrder(valid(), pager.token)).statusCode).toBe(200);
    const page = async (query: string) =>
      (await harness.app.inject({ url: `/api/order/create${query}`, headers: bearer(pager.token) })).json();

    const first = await page('');
    expect(first).toMatchObject({ page: 1, pageSize: OWN_ORDERS_PAGE_SIZE, total: OWN_ORDERS_PAGE_SIZE + 3 });
    expect(first.orders).toHaveLength(OWN_ORDERS_PAGE_SIZE);
    const second = await page('?page=2');
    expect(second.orders).toHaveLength(3);
    const ids = [...first.orders, ...second.orders].map((order: { id: number }) => order.id);
    expect(new Set(ids).size).toBe(OWN_ORDERS_PAGE_SIZE + 3);
    expect((await page('?page=9')).orders).toEqual([]);
    const refused = await harness.app.inject({
      url: '/api/order/create?page=0',
      headers: bearer(pager.token),
    });
    expect(refused.statusCode).toBe(422);
  });

  it('answers a new order as reading it back shows it', async () => {
    const { order } = (
      await placeOrder({
        ...valid(),
        names: [{ name: 'Dolma', departed: true, note: '2024' }],
        intention: 'Health',
      })
    ).json();
    const read = await harness.app.inject({
      url: `/api/get-messages/${order.id}`,
      headers: bearer(patron.token),
    });
    expect(read.json().order).toEqual(order);
  });

  it('shows an order’s messages to its patron, its monastery’s staff and admins only', async () => {
    const { order } = (await placeOrder(valid())).json();
    const [staffUser] = await harness.database.db
      .select()
      .from(users)
      .where(eq(users.phone, '+9779815000003'));
    await harness.database.db
      .insert(messages)
      .values({ orderId: order.id, senderId: staffUser!.id, body: 'We will pray at dawn.' });
    const read = (token?: string) =>
      harness.app.inject({ url: `/api/get-messages/${order.id}`, headers: token ? bearer(token) : {} });

    const own = await read(patron.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      messages: [{ message: 'We will pray at dawn.' }],
      images: [],
      order: { id: order.id },
    });

    expect((await read(otherPatron.token)).statusCode).toBe(403);
    expect((await read()).statusCode).toBe(401);

    const staff = await signInByPhone(harness, '9815000004');
    const otherStaff = await signInByPhone(harness, '9815000005');
    await harness.database.db
      .update(users)
      .set({ role: 'monastery', monasteryId: ids.open })
      .where(eq(users.id, staff.user.id));
    await harness.database.db
      .update(users)
      .set({ role: 'monastery', monasteryId: ids.other })
      .where(eq(users.id, otherStaff.user.id));
    expect((await read(staff.token)).statusCode).toBe(200);
    expect((await read(otherStaff.token)).statusCode).toBe(403);

    const admin = await signInByPhone(harness, '9815000006');
    await harness.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await read(admin.token)).statusCode).toBe(200);

    expect(
      (await harness.app.inject({ url: '/api/get-messages/999999', headers: bearer(patron.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await harness.app.inject({ url: '/api/get-messages/abc', headers: bearer(patron.token) })).statusCode,
    ).toBe(422);
  });

  it('keeps showing past orders after their monastery or puja is archived', async () => {
    const { order } = (await placeOrder({ ...valid(), puja: ids.lamp, cost: 1100.5 })).json();
    await harness.database.db
      .update(monasteries)
      .set({ archivedAt: new Date() })
      .where(eq(monasteries.id, ids.open));
    await harness.database.db.update(pujas).set({ archivedAt: new Date() }).where(eq(pujas.id, ids.lamp));
    const mine = (
      await harness.app.inject({ url: '/api/order/create', headers: bearer(patron.token) })
    ).json().orders;
    expect(mine.map((row: { id: number }) => row.id)).toContain(order.id);
    await harness.database.db
      .update(monasteries)
      .set({ archivedAt: null })
      .where(eq(monasteries.id, ids.open));
  });
});

describe('the patron writing to the monastery', () => {
  const write = (orderId: number, payload: object, token = patron.token) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/messages`,
      headers: bearer(token),
      payload,
    });

  it('adds the message to the order’s thread, marked as the patron’s, and texts the monastery’s staff', async () => {
    const { db } = harness.database;
    const [staffUser] = await db.select().from(users).where(eq(users.phone, '+9779815000003'));
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: ids.open })
      .where(eq(users.id, staffUser!.id));
    const { order } = (await placeOrder(valid())).json();
    await db
      .insert(messages)
      .values({ orderId: order.id, senderId: staffUser!.id, body: 'We will pray at dawn.' });

    const answer = await write(order.id, { message: '  Please include my grandmother, Dolma.  ' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().messages).toEqual([
      expect.objectContaining({ message: 'We will pray at dawn.', from: 'monastery' }),
      expect.objectContaining({ message: 'Please include my grandmother, Dolma.', from: 'patron' }),
    ]);
    expect(answer.json().order.last_message_from).toBe('patron');
    await harness.app.jobs.runDueJobs();
    const outbox = await fs.readFile(outboxFile(harness.dataDirectory), 'utf8');
    expect(outbox).toContain('"to":"+9779815000003"');
    expect(outbox).toMatch(new RegExp(`${order.number}: .*wrote about their Tara Puja`));
  });

  it('is for the order’s own patron only, and refuses an empty or over-long message, storing nothing', async () => {
    const { order } = (await placeOrder(valid())).json();
    const stored = () => harness.database.db.$count(messages, eq(messages.orderId, order.id));
    expect((await write(order.id, { message: 'Hello' }, otherPatron.token)).statusCode).toBe(403);
    const empty = await write(order.id, { message: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toEqual(['Message is required.']);
    const long = await write(order.id, { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(422);
    expect((await write(999_999, { message: 'Hello' })).statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });
});
