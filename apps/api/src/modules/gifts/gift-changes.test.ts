import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { payOrder } from '../../../test/order-fixtures.ts';
import { sentEmailsTo, sentSms } from '../../../test/outboxes.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orderGifts, orders, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { listGiftsToTell, markGiftTold } from './gifts.queries.ts';

/** A patron changing or withdrawing their gift (docs/decisions/059). */
let harness: TestApp;
let patron: string;
let otherPatron: string;
let staff: string;
const ids = { gompa: 0, tara: 0 };
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  harness = await createTestApp({ env: { EMAIL_TRANSPORT: 'outbox' } });
  const { db } = harness.database;
  const gompa = await insertMonastery(db, { slug: 'gift-gompa', name: 'Gift Gompa' });
  const tara = await insertPuja(db, { slug: 'gift-change-tara', name: 'Tara Puja' });
  await offer(db, gompa.id, tara.id, 2500);
  Object.assign(ids, { gompa: gompa.id, tara: tara.id });
  patron = (await signInByPhone(harness, '9817300001')).token;
  await db.update(users).set({ name: 'Pema Dolma' }).where(eq(users.phone, '+9779817300001'));
  otherPatron = (await signInByPhone(harness, '9817300002')).token;
  const member = await signInByPhone(harness, '9817300003');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: gompa.id })
    .where(eq(users.id, member.user.id));
  staff = member.token;
});
afterAll(() => harness.close());

const gift = (values: object = {}) => ({
  recipient_name: 'Tenzin Norbu',
  email: 'old-address@example.test',
  language: 'en',
  tell_on: addDays(today, 3),
  message: 'For your birthday.',
  ...values,
});
/** An order of the patron's as the order form places it, with `extra` (a gift). */
async function placeOrder(extra: object = {}): Promise<number> {
  const placed = await harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(patron),
    payload: {
      monastery: ids.gompa,
      puja: ids.tara,
      cost: 2500,
      date: addDays(today, 5),
      payment: 'khalti',
      ...extra,
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order.id;
}
/** A paid order of the patron's, dedicated with `values`. */
async function giftOrder(values: object = {}) {
  const id = await placeOrder({ gift: gift(values) });
  await payOrder(harness.database.db, id);
  return id;
}
const giftUrl = (orderId: number) => `/api/order/${orderId}/gift`;
const call = (method: 'GET' | 'PATCH' | 'DELETE', orderId: number, token = patron, payload?: object) =>
  harness.app.inject({
    method,
    url: giftUrl(orderId),
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const stored = async (orderId: number) =>
  (await harness.database.db.select().from(orderGifts).where(eq(orderGifts.orderId, orderId)))[0];
const tell = async () => {
  await enqueueJob(harness.database.db, 'tell-gift-recipients', {});
  await harness.app.jobs.runDueJobs();
};
const sms = () => sentSms(harness.dataDirectory);
const emailsTo = (address: string) => sentEmailsTo(harness.dataDirectory, address);

describe('changing a gift before the recipient is told', () => {
  it('shows the patron the gift with its contacts, and changes all of it; the notice goes to the new number only', async () => {
    const orderId = await giftOrder();
    const read = await call('GET', orderId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().gift).toEqual({
      recipient_name: 'Tenzin Norbu',
      email: 'old-address@example.test',
      phone: null,
      language: 'en',
      tell_on: addDays(today, 3),
      told_at: null,
      message: 'For your birthday.',
      show_patron: false,
    });

    const changed = await call(
      'PATCH',
      orderId,
      patron,
      gift({
        recipient_name: 'Tenzin Norbu-la',
        email: '',
        phone: '+44 7911 123456',
        language: 'ne',
        tell_on: today,
        message: 'Happy birthday.',
        show_patron: true,
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().gift).toMatchObject({
      recipient_name: 'Tenzin Norbu-la',
      email: null,
      phone: '+447911123456',
      language: 'ne',
      tell_on: today,
      show_patron: true,
    });
    // The order shows the change, still without the contacts (its monastery's staff see orders too).
    const own = (await harness.app.inject({ url: '/api/order/create', headers: bearer(patron) }))
      .json()
      .orders.find((order: { id: number }) => order.id === orderId);
    expect(own.gift).toMatchObject({ recipient_name: 'Tenzin Norbu-la', message: 'Happy birthday.' });
    expect(JSON.stringify(own)).not.toContain('7911123456');

    await tell();
    expect(await emailsTo('old-address@example.test')).toHaveLength(0);
    const sent = (await sms()).filter((message) => message.to === '+447911123456');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/^Pema Dolma द्वारा तपाईंलाई समर्पित पूजा: Tara Puja।/);
  });

  it('is honoured by a telling job that listed the gift before it changed: the new address, or the new day', async () => {
    const orderId = await giftOrder({ tell_on: today });
    const { db } = harness.database;
    // The job has listed the gift as it was...
    const listed = (await listGiftsToTell(db, today, 0, 100)).find((row) => row.gift.orderId === orderId);
    expect(listed?.gift.recipientEmail).toBe('old-address@example.test');
    // ...the patron changes the address...
    expect(
      (await call('PATCH', orderId, patron, gift({ tell_on: today, email: 'new@example.test' }))).statusCode,
    ).toBe(200);
    // ...and the job marks it told: what it tells with is the gift as it now is.
    const marked = await db.transaction((tx) => markGiftTold(tx, orderId, today, 'a'.repeat(64)));
    expect(marked?.recipientEmail).toBe('new@example.test');

    // A day moved later between listing and telling leaves the gift for that day.
    const later = await giftOrder({ tell_on: today });
    expect((await call('PATCH', later, patron, gift({ tell_on: addDays(today, 2) }))).statusCode).toBe(200);
    expect(await db.transaction((tx) => markGiftTold(tx, later, today, 'b'.repeat(64)))).toBeUndefined();
    expect((await stored(later))!.toldAt).toBeNull();
  });

  it('refuses a gift that does not hold (no contact, a day past) with 422, changing nothing', async () => {
    const orderId = await giftOrder();
    const before = await stored(orderId);
    const noContact = await call('PATCH', orderId, patron, gift({ email: '' }));
    expect(noContact.statusCode).toBe(422);
    expect(noContact.json().errors.email).toEqual(['Give an e-mail address or a phone number to tell them.']);
    const past = await call('PATCH', orderId, patron, gift({ tell_on: addDays(today, -1) }));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.tell_on).toEqual(['The date cannot be earlier than today.']);
    const tooLong = await call('PATCH', orderId, patron, gift({ message: 'x'.repeat(501) }));
    expect(tooLong.statusCode).toBe(422);
    expect(await stored(orderId)).toEqual(before);
  });

  it('is the patron’s own: 401 signed out, 403 for another patron and for staff, 404 without an order or a gift', async () => {
    const orderId = await giftOrder();
    const before = await stored(orderId);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await call(method, orderId, '', gift())).statusCode).toBe(401);
      expect(
        (await call(method, orderId, otherPatron, gift({ email: 'thief@example.test' }))).statusCode,
      ).toBe(403);
      expect((await call(method, orderId, staff, gift())).statusCode).toBe(403);
      expect((await call(method, 999_999, patron, gift())).statusCode).toBe(404);
    }
    expect(await stored(orderId)).toEqual(before);
    const withoutGift = await call('GET', await placeOrder());
    expect(withoutGift.statusCode).toBe(404);
    expect(withoutGift.json().message).toBe('This order is not dedicated to anyone.');
  });

  it('leaves a closed order’s gift as it is (409)', async () => {
    const orderId = await giftOrder();
    await harness.database.db.update(orders).set({ status: 'declined' }).where(eq(orders.id, orderId));
    const refused = await call('PATCH', orderId, patron, gift({ recipient_name: 'Someone else' }));
    expect(refused.statusCode).toBe(409);
    expect((await stored(orderId))!.recipientName).toBe('Tenzin Norbu');
  });
});

describe('once the recipient is told', () => {
  it('changes only what their page shows (name, words, the patron’s name), refuses a new address or day, and cannot be withdrawn', async () => {
    const orderId = await giftOrder({ tell_on: today, show_patron: true, email: 'told@example.test' });
    await tell();
    const mail = (await emailsTo('told@example.test'))[0];
    const token = /\/dedication\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
    expect((await harness.app.inject(`/api/dedication/${token}`)).json().dedication.from).toBe('Pema Dolma');

    const before = await stored(orderId);
    const readdressed = await call(
      'PATCH',
      orderId,
      patron,
      gift({ tell_on: today, email: 'else@example.test' }),
    );
    expect(readdressed.statusCode).toBe(409);
    expect(readdressed.json().message).toBe(
      'They have been told already: only their name, your words and whether your name shows can change.',
    );
    const redated = await call(
      'PATCH',
      orderId,
      patron,
      gift({ tell_on: addDays(today, 1), email: 'told@example.test' }),
    );
    expect(redated.statusCode).toBe(409);
    expect(await stored(orderId)).toEqual(before);

    // Hiding the patron's name and changing the words: the page shows it at once.
    const hidden = await call(
      'PATCH',
      orderId,
      patron,
      gift({ tell_on: today, email: 'told@example.test', show_patron: false, message: 'With love.' }),
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const page = (await harness.app.inject(`/api/dedication/${token}`)).json().dedication;
    expect(page).toMatchObject({ from: null, message: 'With love.' });

    const withdrawn = await call('DELETE', orderId);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().message).toBe(
      'They have been told already: the gift can no longer be withdrawn.',
    );
    expect((await harness.app.inject(`/api/dedication/${token}`)).statusCode).toBe(200);
  });
});

describe('withdrawing a gift', () => {
  it('before the recipient is told: the gift is gone, nothing is sent on its day, and a second withdrawal is 404', async () => {
    const orderId = await giftOrder({ tell_on: today, email: 'withdrawn@example.test' });
    const withdrawn = await call('DELETE', orderId);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ gift: null });
    expect(await stored(orderId)).toBeUndefined();
    await tell();
    expect(await emailsTo('withdrawn@example.test')).toHaveLength(0);
    const own = (await harness.app.inject({ url: '/api/order/create', headers: bearer(patron) }))
      .json()
      .orders.find((order: { id: number }) => order.id === orderId);
    expect(own.gift).toBeNull();
    expect((await call('DELETE', orderId)).statusCode).toBe(404);
  });

  it('answers in the patron’s language', async () => {
    const orderId = await giftOrder({ tell_on: today });
    await tell();
    const refused = await harness.app.inject({
      method: 'DELETE',
      url: giftUrl(orderId),
      headers: { ...bearer(patron), 'accept-language': 'ne' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('उहाँलाई खबर गरिसकिएको छ: समर्पण अब फिर्ता लिन सकिँदैन।');
  });
});
