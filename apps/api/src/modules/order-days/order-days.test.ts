import { addDays, todayIn, zonedTimeToUtc } from '@puja/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { insertOrder, orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orders, users } from '../../db/schema/index.ts';

/**
 * Which days a monastery takes orders for (docs/decisions/040): capacity under concurrent orders, per-puja
 * capacity, closed days, the cut-off on an injected clock, re-dating into a full or closed day, and the
 * settings' version.
 */

const ZONE = 'Asia/Kathmandu';
const today = todayIn(ZONE);
let clock = new Date();
let harness: TestApp;
let patron = '';
let patronId = 0;
let staff = '';
let staffName = '';
let otherStaff = '';
let admin = '';
let monasteryId = 0;
let pujaId = 0;
let otherPujaId = 0;
let offering: Awaited<ReturnType<typeof offer>>;

async function signInAs(phone: string, role: 'monastery' | 'admin' | 'user', monastery?: number, name = '') {
  const session = await signInByPhone(harness, phone);
  await harness.database.db
    .update(users)
    .set({ role, monasteryId: monastery ?? null, name })
    .where(eq(users.id, session.user.id));
  return session;
}

beforeAll(async () => {
  // Room for the concurrent orders: the per-patron hourly limit is not what is tested here.
  harness = await createTestApp({ now: () => clock, env: { ORDERS_PER_PATRON_PER_HOUR: '500' } });
  const { db } = harness.database;
  const monastery = await insertMonastery(db, { slug: 'capacity-gompa', name: 'Capacity Gompa' });
  const other = await insertMonastery(db, { slug: 'other-gompa', name: 'Other Gompa' });
  const puja = await insertPuja(db, { slug: 'capacity-puja', name: 'Capacity Puja' });
  const otherPuja = await insertPuja(db, { slug: 'second-puja', name: 'Second Puja' });
  offering = await offer(db, monastery.id, puja.id, 1000);
  await offer(db, monastery.id, otherPuja.id, 1000);
  monasteryId = monastery.id;
  pujaId = puja.id;
  otherPujaId = otherPuja.id;
  const patronSession = await signInByPhone(harness, '9817300001');
  patron = patronSession.token;
  patronId = patronSession.user.id;
  staffName = 'Lama Tenzin';
  staff = (await signInAs('9817300002', 'monastery', monastery.id, staffName)).token;
  otherStaff = (await signInAs('9817300003', 'monastery', other.id)).token;
  admin = (await signInAs('9817300004', 'admin', undefined, 'Admin Dolma')).token;
});
afterAll(() => harness.close());

const placeOrder = (date: string, puja = pujaId, token = patron) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(token),
    payload: { monastery: monasteryId, puja, cost: 1000, date, payment: 'khalti' },
  });

const settings = (token: string) =>
  harness.app.inject({ url: `/api/monasteries/${monasteryId}/order-days`, headers: bearer(token) });

const saveSettings = (token: string, body: Record<string, unknown>) =>
  harness.app.inject({
    method: 'PATCH',
    url: `/api/monasteries/${monasteryId}/order-days`,
    headers: bearer(token),
    payload: body,
  });

const unavailable = (from: string, to: string, puja?: number) =>
  harness.app.inject(
    `/api/monasteries/${monasteryId}/unavailable-days?from=${from}&to=${to}${puja ? `&puja=${puja}` : ''}`,
  );

/** Resets the settings to `changes` from whatever version they are at. */
async function setSettings(changes: Record<string, unknown>) {
  const { version } = (await settings(staff)).json();
  const saved = await saveSettings(staff, { daily_capacity: null, cutoff_time: null, ...changes, version });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

describe('who sets them', () => {
  it('the monastery’s own staff and administrators; not another monastery’s staff, nor a patron', async () => {
    expect((await settings(staff)).statusCode).toBe(200);
    expect((await settings(admin)).statusCode).toBe(200);
    expect((await settings(otherStaff)).statusCode).toBe(403);
    expect((await settings(patron)).statusCode).toBe(403);
    const refused = await saveSettings(otherStaff, { daily_capacity: 1, cutoff_time: null, version: 1 });
    expect(refused.statusCode).toBe(403);
  });
});

describe('capacity', () => {
  it('of 20 concurrent orders for a day’s last place, exactly one is placed; the others are told the day is full', async () => {
    const day = addDays(today, 10);
    await setSettings({ daily_capacity: 3 });
    // Two places taken: one paid and waiting, one approved. A cancelled order and an unpaid one past its
    // payment window hold none.
    const paid = await insertOrder(harness.database.db, offering, { userId: patronId, pujaDate: day });
    await payOrder(harness.database.db, paid.id);
    await insertOrder(harness.database.db, offering, { userId: patronId, pujaDate: day, status: 'approved' });
    await insertOrder(harness.database.db, offering, {
      userId: patronId,
      pujaDate: day,
      status: 'cancelled',
    });
    await insertOrder(harness.database.db, offering, {
      userId: patronId,
      pujaDate: day,
      createdAt: new Date(Date.now() - 48 * 3_600_000),
    });

    // The day's lock is held here first, so the 20 requests are all under way together and queue on it
    // (seen waiting in pg_locks): without the lock they would not wait, and this test would fail.
    const holder = new pg.Client({ connectionString: harness.database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`order-day:${monasteryId}:${day}`]);
    const pending = Promise.all(Array.from({ length: 20 }, () => placeOrder(day)));
    let waiting = 0;
    for (let look = 0; look < 400 && waiting < 2; look += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const { rows } = await holder.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      );
      waiting = rows[0].n;
    }
    expect(waiting).toBeGreaterThanOrEqual(2);
    await holder.query('COMMIT');
    await holder.end();
    const answers = await pending;
    const placed = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.date).toEqual([
        'This day is full at the monastery. Please choose another day.',
      ]);
    }
    const onTheDay = await harness.database.db.$count(orders, eq(orders.pujaDate, day));
    expect(onTheDay).toBe(5);
    const days = (await unavailable(day, day)).json().days;
    expect(days).toEqual([{ date: day, reason: 'full', message: null }]);
    // The next day has room.
    expect((await placeOrder(addDays(day, 1))).statusCode).toBe(200);
  });

  it('a puja’s own daily limit fills that puja only', async () => {
    const day = addDays(today, 20);
    await setSettings({ daily_capacity: null, pujas: [{ puja_id: pujaId, daily_capacity: 1 }] });
    expect((await placeOrder(day)).statusCode).toBe(200);
    const full = await placeOrder(day);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      'This puja is full on this day at the monastery. Please choose another day.',
    );
    expect((await placeOrder(day, otherPujaId)).statusCode).toBe(200);
    expect((await unavailable(day, day, pujaId)).json().days).toEqual([
      { date: day, reason: 'full', message: null },
    ]);
    expect((await unavailable(day, day, otherPujaId)).json().days).toEqual([]);
    await setSettings({ pujas: [{ puja_id: pujaId, daily_capacity: null }] });
  });

  it('as the web app sends them, form fields: an empty field is none, the pujas’ limits one JSON field', async () => {
    const { version } = (await settings(staff)).json();
    const sent = await harness.app.inject({
      method: 'PATCH',
      url: `/api/monasteries/${monasteryId}/order-days`,
      headers: { ...bearer(staff), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        daily_capacity: '',
        cutoff_time: '',
        pujas: JSON.stringify([
          { puja_id: pujaId, daily_capacity: '3' },
          { puja_id: otherPujaId, daily_capacity: null },
        ]),
        version: String(version),
      }).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ daily_capacity: null, cutoff_time: null });
    const limits = Object.fromEntries(
      sent
        .json()
        .pujas.map((puja: { puja_id: number; daily_capacity: number | null }) => [
          puja.puja_id,
          puja.daily_capacity,
        ]),
    );
    expect(limits).toMatchObject({ [pujaId]: 3, [otherPujaId]: null });
    await setSettings({ pujas: [{ puja_id: pujaId, daily_capacity: null }] });
  });

  it('a repeated submission of a placed order answers that order, even once the day is full', async () => {
    const day = addDays(today, 25);
    await setSettings({ daily_capacity: 1 });
    const payload = {
      monastery: monasteryId,
      puja: pujaId,
      cost: 1000,
      date: day,
      payment: 'khalti',
      idempotency_key: 'capacity-retry-1',
    };
    const send = () =>
      harness.app.inject({ method: 'POST', url: '/api/order', headers: bearer(patron), payload });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    await setSettings({ daily_capacity: null });
  });
});

describe('closed days', () => {
  it('are not offered, with the monastery’s message; an order for one is refused; opened again, it is', async () => {
    const first = addDays(today, 40);
    const last = addDays(today, 46);
    const closed = await harness.app.inject({
      method: 'POST',
      url: `/api/monasteries/${monasteryId}/closures`,
      headers: bearer(staff),
      payload: { first_day: first, last_day: last, message: 'Losar retreat' },
    });
    expect(closed.statusCode).toBe(200);
    const closure = closed.json().closures.find((row: { first_day: string }) => row.first_day === first);
    expect(closure).toMatchObject({ last_day: last, message: 'Losar retreat' });

    const refused = await placeOrder(addDays(today, 43));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.date).toEqual([
      'The monastery is not accepting requests for this day: Losar retreat',
    ]);
    const days = (await unavailable(addDays(today, 39), addDays(today, 47))).json().days;
    expect(days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(first, index)),
    );
    expect(days[0]).toEqual({ date: first, reason: 'closed', message: 'Losar retreat' });

    const opened = await harness.app.inject({
      method: 'DELETE',
      url: `/api/monasteries/${monasteryId}/closures/${closure.id}`,
      headers: bearer(staff),
    });
    expect(opened.statusCode).toBe(200);
    expect((await placeOrder(addDays(today, 43))).statusCode).toBe(200);
  });

  it('refuses a closure that starts in the past, ends before it starts, or is another monastery’s', async () => {
    const post = (token: string, payload: Record<string, string>) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/monasteries/${monasteryId}/closures`,
        headers: bearer(token),
        payload,
      });
    expect(
      (await post(staff, { first_day: addDays(today, -1), last_day: today, message: 'x' })).statusCode,
    ).toBe(422);
    expect(
      (await post(staff, { first_day: addDays(today, 3), last_day: addDays(today, 2), message: 'x' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(staff, { first_day: addDays(today, 3), last_day: addDays(today, 3), message: ' ' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(otherStaff, { first_day: addDays(today, 3), last_day: addDays(today, 3), message: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('the public read is bounded', async () => {
    expect((await unavailable(today, addDays(today, 92))).statusCode).toBe(200);
    expect((await unavailable(today, addDays(today, 93))).statusCode).toBe(422);
    expect((await unavailable(addDays(today, 5), today)).statusCode).toBe(422);
    expect(
      (await harness.app.inject(`/api/monasteries/999999/unavailable-days?from=${today}&to=${today}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('the cut-off for tomorrow’s pujas', () => {
  it('takes tomorrow until the cut-off (Nepal time), then not; today never while a cut-off is set', async () => {
    await setSettings({ cutoff_time: '18:00' });
    const tomorrow = addDays(today, 1);
    clock = zonedTimeToUtc(today, '17:59', ZONE);
    expect((await placeOrder(tomorrow)).statusCode).toBe(200);
    expect((await unavailable(today, tomorrow)).json().days).toEqual([
      { date: today, reason: 'cutoff', message: null },
    ]);
    clock = zonedTimeToUtc(today, '18:00', ZONE);
    const late = await placeOrder(tomorrow);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.date).toEqual([
      'Requests for this day closed at 18:00 the day before (Nepal time). Please choose a later day.',
    ]);
    expect((await unavailable(today, tomorrow)).json().days.map((day: { date: string }) => day.date)).toEqual(
      [today, tomorrow],
    );
    expect((await placeOrder(addDays(today, 2))).statusCode).toBe(200);
    clock = new Date();
    await setSettings({ cutoff_time: null });
  });
});

describe('re-dating', () => {
  it('into a full or a closed day is refused; into an open one it moves, and an old version is refused', async () => {
    const from = addDays(today, 60);
    const full = addDays(today, 61);
    const closedDay = addDays(today, 62);
    const open = addDays(today, 63);
    const placed = await placeOrder(from);
    const order = placed.json().order;
    await payOrder(harness.database.db, order.id);
    await setSettings({ daily_capacity: 1 });
    expect((await placeOrder(full)).statusCode).toBe(200);
    await harness.app.inject({
      method: 'POST',
      url: `/api/monasteries/${monasteryId}/closures`,
      headers: bearer(admin),
      payload: { first_day: closedDay, last_day: closedDay, message: 'Saga Dawa' },
    });
    const redate = async (date: string, version?: number) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}`,
        headers: bearer(staff),
        payload: {
          _method: 'patch',
          date,
          version: version ?? (await orderVersion(harness.database.db, order.id)),
        },
      });
    const intoFull = await redate(full);
    expect(intoFull.statusCode).toBe(422);
    expect(intoFull.json().errors.date).toEqual([
      'This day is full at the monastery. Please choose another day.',
    ]);
    const intoClosed = await redate(closedDay);
    expect(intoClosed.statusCode).toBe(422);
    expect(intoClosed.json().message).toBe('The monastery is not accepting requests for this day: Saga Dawa');
    const [unchanged] = await harness.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged!.pujaDate).toBe(from);

    const edit = (
      await harness.app.inject({ url: `/api/order/${order.id}/edit`, headers: bearer(staff) })
    ).json();
    expect((await redate(open, edit.order.version)).statusCode).toBe(200);
    const stale = await redate(addDays(open, 1), edit.order.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message:
        'Someone else saved this after you opened it. Reload to see their changes, then make yours again.',
      stale: { version: edit.order.version + 1, changed_by: staffName },
    });
    await setSettings({ daily_capacity: null });
  });
});

describe('the settings’ version', () => {
  it('a save from an old version is refused with who saved since and when; nothing changes', async () => {
    const opened = (await settings(staff)).json();
    const first = await saveSettings(admin, {
      daily_capacity: 7,
      cutoff_time: null,
      version: opened.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(opened.version + 1);
    const second = await saveSettings(staff, {
      daily_capacity: 9,
      cutoff_time: null,
      version: opened.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().stale).toEqual({
      version: opened.version + 1,
      changed_by: 'Admin Dolma',
      changed_at: first.json().updated_at,
    });
    expect((await settings(staff)).json().daily_capacity).toBe(7);
    const missing = await saveSettings(staff, { daily_capacity: 9, cutoff_time: null });
    expect(missing.statusCode).toBe(422);
  });

  it('refuses a puja the monastery does not offer and a capacity out of range', async () => {
    const { version } = (await settings(staff)).json();
    const stranger = await insertPuja(harness.database.db, { slug: 'not-offered-here' });
    expect(
      (
        await saveSettings(staff, {
          daily_capacity: null,
          cutoff_time: null,
          pujas: [{ puja_id: stranger.id, daily_capacity: 2 }],
          version,
        })
      ).statusCode,
    ).toBe(422);
    expect((await saveSettings(staff, { daily_capacity: 0, cutoff_time: null, version })).statusCode).toBe(
      422,
    );
    expect(
      (await saveSettings(staff, { daily_capacity: null, cutoff_time: '25:00', version })).statusCode,
    ).toBe(422);
  });
});
