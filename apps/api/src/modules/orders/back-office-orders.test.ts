import fs from 'node:fs/promises';
import { addDays, BACK_OFFICE_ORDERS_PAGE_SIZE, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bringPujaDayToToday, createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { insertOrder, insertPerson, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { messages, orders, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

let money: MoneyHarness;
/** A second monastery with its own staff, and orders in every state (through fixtures) for the list. */
const listed = { monastery: 0, otherPuja: 0, staff: '', ids: {} as Record<string, number> };
let otherStaffPhone = '';
const today = todayIn('Asia/Kathmandu');

type ListedOrder = { id: number; number: string; status: string; date: string; payment_status: string };
const get = (url: string, token?: string) =>
  money.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
const list = async (query: string, token = money.tokens.admin) => {
  const response = await get(`/api/orders${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ orders: ListedOrder[]; page: number; pageSize: number; total: number }>();
};
const idsOf = (answer: { orders: { id: number }[] }) => answer.orders.map((order) => order.id);
/** Every SMS sent so far, once the queued notices have gone out. */
const texts = async () => {
  await money.app.jobs.runDueJobs();
  const lines = await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8').catch(() => '');
  return lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
};

beforeAll(async () => {
  money = await createMoneyHarness();
  const { db } = money;
  const gompa = await insertMonastery(db, { slug: 'list-gompa', name: 'List Gompa' });
  const tara = await insertPuja(db, { slug: 'list-tara', name: 'Green Tara' });
  const medicine = await insertPuja(db, { slug: 'list-medicine', name: 'Medicine Buddha' });
  const taraOffer = await offer(db, gompa.id, tara.id, 1500);
  const medicineOffer = await offer(db, gompa.id, medicine.id, 3000);
  listed.monastery = gompa.id;
  listed.otherPuja = medicine.id;
  const member = await signInByPhone(money.harness, '9818500001');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: gompa.id })
    .where(eq(users.id, member.user.id));
  listed.staff = member.token;
  otherStaffPhone = '+9779818500001';

  const dolma = await insertPerson(db, { name: 'Dolma Sherpa', phone: '+9779841234567' });
  const pema = await insertPerson(db, { name: 'Pema Lama', phone: '+9779851112222' });
  const day = (offset: number) => addDays(today, offset);
  const orderOf = (key: string, values: Parameters<typeof insertOrder>[2], offering = taraOffer) =>
    insertOrder(db, offering, values).then((row) => {
      listed.ids[key] = row.id;
      return row;
    });
  await orderOf('awaiting', { userId: dolma.id, pujaDate: day(9) });
  await orderOf('toApprove', { userId: pema.id, pujaDate: day(4), paymentStatus: 'Completed' });
  await orderOf('approved', {
    userId: dolma.id,
    pujaDate: day(2),
    status: 'approved',
    paymentStatus: 'Completed',
  });
  await orderOf('completed', { userId: pema.id, pujaDate: day(-20), status: 'completed' }, medicineOffer);
  await orderOf('declined', { userId: dolma.id, pujaDate: day(-5), status: 'declined' });
  await orderOf('cancelled', { userId: pema.id, pujaDate: day(-2), status: 'cancelled' });
  await orderOf('expired', { userId: dolma.id, pujaDate: day(-30), status: 'expired' });
}, 60_000);
afterAll(() => money.close());

describe('who may read the back-office orders', () => {
  it('refuses visitors (401) and patrons (403) on the list, the count and an order’s page', async () => {
    for (const url of ['/api/orders', '/api/orders/awaiting-action', `/api/orders/${listed.ids.approved}`]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, money.tokens.patron)).statusCode, url).toBe(403);
    }
  });

  it('shows staff only their monastery’s orders, and administrators every monastery’s', async () => {
    const own = await list('', listed.staff);
    expect(own.total).toBe(7);
    expect(idsOf(own).sort()).toEqual(Object.values(listed.ids).sort());
    const placed = await money.placeOrder();
    const moneyStaff = await list('', money.tokens.staff);
    expect(idsOf(moneyStaff)).toContain(placed);
    expect(idsOf(moneyStaff)).not.toContain(listed.ids.approved);
    const all = idsOf(await list('?status=awaiting_payment'));
    expect(all).toEqual(expect.arrayContaining([placed, listed.ids.awaiting]));
  });

  it('lets an administrator choose one monastery, and refuses staff another monastery’s (403)', async () => {
    const one = await list(`?monastery=${listed.monastery}`);
    expect(one.total).toBe(7);
    expect((await list(`?monastery=${listed.monastery}`, listed.staff)).total).toBe(7);
    const refused = await get(`/api/orders?monastery=${money.monasteryId}`, listed.staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Staff see only their own monastery’s orders.');
  });

  it('shows an order’s page to its monastery’s staff and administrators, not to other staff', async () => {
    const url = `/api/orders/${listed.ids.approved}`;
    expect((await get(url, listed.staff)).statusCode).toBe(200);
    expect((await get(url, money.tokens.admin)).statusCode).toBe(200);
    expect((await get(url, money.tokens.staff)).statusCode).toBe(403);
    expect((await get('/api/orders/999999', money.tokens.admin)).statusCode).toBe(404);
    expect((await get('/api/orders/abc', money.tokens.admin)).statusCode).toBe(422);
  });
});

describe('searching and filtering', () => {
  it('finds orders by number (whole or part, any case), patron name and phone', async () => {
    const [row] = await money.db.select().from(orders).where(eq(orders.id, listed.ids.approved!));
    const byNumber = await list(`?q=${row!.number}`, listed.staff);
    expect(idsOf(byNumber)).toEqual([listed.ids.approved]);
    const part = row!.number.slice(3, 7).toLowerCase();
    expect(idsOf(await list(`?q=${part}`, listed.staff))).toContain(listed.ids.approved);
    const byName = await list('?q=dOLMA', listed.staff);
    expect(byName.total).toBe(4);
    expect(
      byName.orders.every((order) =>
        ['awaiting', 'approved', 'declined', 'expired'].some((key) => listed.ids[key] === order.id),
      ),
    ).toBe(true);
    expect((await list(`?q=${encodeURIComponent('pema lama')}`, listed.staff)).total).toBe(3);
    expect((await list('?q=9851112', listed.staff)).total).toBe(3);
    expect((await list(`?q=${encodeURIComponent('+977984123')}`, listed.staff)).total).toBe(4);
    expect((await list('?q=nobody-like-this', listed.staff)).total).toBe(0);
  });

  it('filters by each status, splitting pending into awaiting payment and to approve', async () => {
    const expected = {
      awaiting_payment: 'awaiting',
      to_approve: 'toApprove',
      approved: 'approved',
      completed: 'completed',
      declined: 'declined',
      cancelled: 'cancelled',
      expired: 'expired',
    };
    for (const [status, key] of Object.entries(expected)) {
      const answer = await list(`?status=${status}`, listed.staff);
      expect(idsOf(answer), status).toEqual([listed.ids[key]]);
      expect(answer.total).toBe(1);
    }
    expect((await get('/api/orders?status=pending', listed.staff)).statusCode).toBe(422);
  });

  it('filters by puja and by the puja’s day, both ends included', async () => {
    expect(idsOf(await list(`?puja=${listed.otherPuja}`, listed.staff))).toEqual([listed.ids.completed]);
    const window = await list(`?from=${addDays(today, 2)}&to=${addDays(today, 4)}`, listed.staff);
    expect(idsOf(window)).toEqual([listed.ids.approved, listed.ids.toApprove]);
    expect((await list(`?from=${addDays(today, 5)}`, listed.staff)).total).toBe(1);
    expect((await list(`?to=${addDays(today, -20)}`, listed.staff)).total).toBe(2);
    for (const bad of [
      `from=${addDays(today, 3)}&to=${addDays(today, 1)}`,
      'from=2026-02-30',
      'to=tomorrow',
      'puja=0',
      'monastery=2147483648',
      'page=0',
    ]) {
      expect((await get(`/api/orders?${bad}`, listed.staff)).statusCode, bad).toBe(422);
    }
  });

  it('puts open orders first, the soonest puja first, then closed ones, the latest puja first', async () => {
    const answer = await list('', listed.staff);
    expect(idsOf(answer)).toEqual(
      ['approved', 'toApprove', 'awaiting', 'cancelled', 'declined', 'completed', 'expired'].map(
        (key) => listed.ids[key],
      ),
    );
  });

  it('pages on the server, 25 a page, with the page, its size and the total', async () => {
    const { db } = money;
    const gompa = await insertMonastery(db, { slug: 'paged-gompa', name: 'Paged Gompa' });
    const offering = await offer(db, gompa.id, listed.otherPuja, 1000);
    const patron = await insertPerson(db, { name: 'Many Orders' });
    const count = BACK_OFFICE_ORDERS_PAGE_SIZE + 5;
    for (let index = 0; index < count; index += 1)
      await insertOrder(db, offering, { userId: patron.id, pujaDate: addDays(today, (index * 7) % count) });
    const first = await list(`?monastery=${gompa.id}`);
    expect([first.page, first.pageSize, first.total, first.orders.length]).toEqual([1, 25, count, 25]);
    const second = await list(`?monastery=${gompa.id}&page=2`);
    expect([second.page, second.orders.length]).toEqual([2, 5]);
    const days = [...first.orders, ...second.orders].map((order) => order.date);
    expect(days).toEqual([...days].sort());
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(count);
    expect((await list(`?monastery=${gompa.id}&page=3`)).orders).toEqual([]);
  });
});

describe('what waits for the staff', () => {
  it('counts paid pending orders: the monastery’s for staff, every one for administrators', async () => {
    const count = async (token: string) =>
      (await get('/api/orders/awaiting-action', token)).json<{ count: number }>().count;
    expect(await count(listed.staff)).toBe(1);
    const before = { staff: await count(money.tokens.staff), admin: await count(money.tokens.admin) };
    const id = await money.placeOrder();
    expect(await count(money.tokens.staff)).toBe(before.staff);
    await payOrder(money.db, id);
    expect(await count(money.tokens.staff)).toBe(before.staff + 1);
    expect(await count(money.tokens.admin)).toBe(before.admin + 1);
    expect(await count(listed.staff)).toBe(1);
    expect((await money.approve(id)).statusCode).toBe(200);
    expect(await count(money.tokens.staff)).toBe(before.staff);
  });

  it('texts the monastery’s staff when an order is paid, through the job queue', async () => {
    const id = await money.placeOrder();
    const [row] = await money.db.select().from(orders).where(eq(orders.id, id));
    const staffPhone = '+9779818000003';
    const before = (await texts()).length;
    await money.pay(id, 'khalti');
    const sent = (await texts()).slice(before);
    const toStaff = sent.filter((text) => text.to === staffPhone);
    expect(toStaff).toHaveLength(1);
    expect(toStaff[0]!.text).toMatch(
      new RegExp(
        `^${row!.number}: .*paid for Tara Puja: ready for your approval\\. http://money\\.test/monastery/orders/${id}$`,
      ),
    );
    // Another monastery's staff hear nothing of it.
    expect(sent.some((text) => text.to === otherStaffPhone)).toBe(false);
  });
});

describe('an order’s page', () => {
  async function photo(): Promise<Buffer> {
    return sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 90, g: 40, b: 10 } } })
      .jpeg()
      .toBuffer();
  }

  it('tells the whole story: placed, paid, re-dated, messages, approved, photos, completed', async () => {
    const id = await money.placeOrder({ daysAhead: 5 });
    await money.pay(id, 'esewa');
    const newDay = addDays(today, 8);
    expect((await money.staffAction(id, { date: newDay })).statusCode).toBe(200);
    const patronWrote = await money.app.inject({
      method: 'POST',
      url: `/api/order/${id}/messages`,
      headers: bearer(money.tokens.patron),
      payload: { message: 'Please include my grandmother.' },
    });
    expect(patronWrote.statusCode).toBe(200);
    expect((await money.approve(id)).statusCode).toBe(200);
    // Staff may still write once the order is approved, from the order's page.
    const wrote = await money.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/messages`,
      headers: bearer(money.tokens.staff),
      payload: { message: '  We will include her.  ' },
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    expect(wrote.json().messages.at(-1)).toMatchObject({
      message: 'We will include her.',
      from: 'monastery',
    });
    expect(wrote.json().actions).toEqual({
      approve: false,
      redate: false,
      decline: false,
      // Not before the puja's day (Nepal time): it is eight days ahead.
      complete: false,
      message: true,
    });
    await bringPujaDayToToday(money.db, id);
    const body = await multipart({ order_id: String(id), _method: 'patch' }, [
      { field: 'files[]', bytes: await photo(), type: 'image/jpeg', name: 'a.jpg' },
      { field: 'files[]', bytes: await photo(), type: 'image/jpeg', name: 'b.jpg' },
    ]);
    const completed = await money.app.inject({
      method: 'POST',
      url: '/api/complete-puja',
      headers: { ...bearer(money.tokens.staff), ...body.headers },
      payload: body.payload,
    });
    expect(completed.statusCode).toBe(200);

    const page = (await get(`/api/orders/${id}`, money.tokens.admin)).json();
    expect(page.order).toMatchObject({ id, status: 'completed', payment_status: 'Completed' });
    expect(page.order.user).toEqual({ name: expect.any(String), email: null, phone: '+9779818000001' });
    expect(page.timeline.map((event: { kind: string }) => event.kind)).toEqual([
      'placed',
      'paid',
      'redated',
      'message',
      'approved',
      'message',
      'photos',
      'completed',
    ]);
    const byKind = (kind: string) => page.timeline.find((event: { kind: string }) => event.kind === kind);
    expect(byKind('placed')).toMatchObject({ date: addDays(today, 5), amount: 2500, provider: 'esewa' });
    expect(byKind('placed').actor.role).toBe('user');
    expect(byKind('paid')).toMatchObject({ amount: 2500, provider: 'esewa', actor: null });
    expect(byKind('redated')).toMatchObject({ date: newDay, previous_date: addDays(today, 5) });
    expect(byKind('redated').actor.role).toBe('monastery');
    expect(byKind('photos')).toMatchObject({ photos: 2 });
    expect(
      page.messages.map((message: { message: string; from: string }) => [message.from, message.message]),
    ).toEqual([
      ['patron', 'Please include my grandmother.'],
      ['monastery', 'We will include her.'],
    ]);
    expect(page.images).toHaveLength(2);
    // Administrators read; they do not handle orders.
    expect(Object.values(page.actions).every((allowed) => allowed === false)).toBe(true);
    const times = page.timeline.map((event: { at: string }) => event.at);
    expect(times).toEqual([...times].sort());

    // Completed is closed: no more messages from staff, by either endpoint, and nothing is stored.
    const stored = () => money.db.$count(messages, eq(messages.orderId, id));
    const storedBefore = await stored();
    const refused = await money.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/messages`,
      headers: bearer(money.tokens.staff),
      payload: { message: 'One more thing.' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order is completed: messages can no longer be sent on it.');
    const [row] = await money.db.select().from(orders).where(eq(orders.id, id));
    const legacy = await money.app.inject({
      method: 'POST',
      url: '/api/message',
      headers: bearer(money.tokens.staff),
      payload: { orderID: id, userID: row!.userId, message: 'One more thing.' },
    });
    expect(legacy.statusCode).toBe(409);
    expect(await stored()).toBe(storedBefore);
  });

  it('shows a declined order’s refund due and the refund made, and who made it', async () => {
    const id = await money.placeOrder();
    await money.pay(id, 'esewa');
    expect((await money.decline(id)).statusCode).toBe(200);
    const [payment] = await money.attempts(id);
    expect((await money.recordRefund(payment!.id, 'ESEWA-REFUND-1')).statusCode).toBe(200);
    const page = (await get(`/api/orders/${id}`, money.tokens.staff)).json();
    expect(page.timeline.map((event: { kind: string }) => event.kind)).toEqual([
      'placed',
      'paid',
      'declined',
      'refund_due',
      'refunded',
    ]);
    expect(page.timeline.at(-1)).toMatchObject({ refund_reason: 'declined', amount: 2500 });
    expect(page.timeline.at(-1).actor.role).toBe('admin');
    expect(page.order.payments[0]).toMatchObject({ status: 'Refunded', refund_reference: 'ESEWA-REFUND-1' });
    // Declined: still open to messages for 30 days (docs/decisions/038).
    expect(page.actions.message).toBe(true);
    expect(page.order.decline).toEqual({ reason: 'date_unavailable', note: null });
  });

  it('shows a cancellation at the moment it happened, and takes staff messages on it for 30 days only', async () => {
    const id = await money.placeOrder();
    expect((await money.cancel(id)).statusCode).toBe(200);
    const page = (await get(`/api/orders/${id}`, money.tokens.staff)).json();
    expect(page.timeline.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'cancelled']);
    expect(page.timeline[1].actor.role).toBe('user');
    const [row] = await money.db.select().from(orders).where(eq(orders.id, id));
    expect(page.timeline[1].at).toBe(row!.closedAt!.toISOString());
    const write = () =>
      money.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/messages`,
        headers: bearer(money.tokens.staff),
        payload: { message: 'Sorry to see you go.' },
      });
    expect((await write()).statusCode).toBe(200);
    await money.db
      .update(orders)
      .set({ closedAt: new Date(Date.now() - 31 * 24 * 3_600_000) })
      .where(eq(orders.id, id));
    expect((await write()).statusCode).toBe(409);
  });

  it('shows an expiry, with nobody as its actor', async () => {
    const id = await money.placeOrder({ daysAhead: 2 });
    await money.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(orders.id, id));
    // The expiry job runs every minute; here it is run at once.
    await money.app.jobs.handlers['expire-orders']({});
    const [row] = await money.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('expired');
    const page = (await get(`/api/orders/${id}`, money.tokens.staff)).json();
    expect(page.timeline.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'expired']);
    expect(page.timeline[1]).toMatchObject({ actor: null, at: row!.closedAt!.toISOString() });
  });

  it('lets staff message a pending order, and refuses other monasteries’ staff and administrators', async () => {
    const id = await money.placeOrder();
    const send = (token: string) =>
      money.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/messages`,
        headers: bearer(token),
        payload: { message: 'When would you like it?' },
      });
    expect((await send(listed.staff)).statusCode).toBe(403);
    expect((await send(money.tokens.admin)).statusCode).toBe(403);
    expect((await send(money.tokens.patron)).statusCode).toBe(403);
    const before = (await texts()).length;
    expect((await send(money.tokens.staff)).statusCode).toBe(200);
    const sent = (await texts()).slice(before);
    expect(sent.filter((text) => text.to === '+9779818000001').map((text) => text.text)).toEqual([
      expect.stringMatching(/The monastery sent you a message about your Tara Puja/),
    ]);
    const empty = await money.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/messages`,
      headers: bearer(money.tokens.staff),
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(422);
  });
});
