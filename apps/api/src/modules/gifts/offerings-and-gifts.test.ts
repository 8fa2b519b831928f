import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja } from '../../../test/catalogue-fixtures.ts';
import { payOrder } from '../../../test/order-fixtures.ts';
import { sentEmailsTo, sentSms } from '../../../test/outboxes.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orderGifts, orderImages, orders, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

/** Offerings by quantity and amount, and gifts told on their day (docs/decisions/054). */
let harness: TestApp;
let staff: string;
let patron: string;
const ids = { gompa: 0, lamps: 0, meals: 0, offering: 0, tara: 0 };
const today = todayIn('Asia/Kathmandu');
const LAMPS = { unit_en: 'butter lamp', unit_ne: 'घिउको बत्ती', unit_zh_hant: '酥油燈' };

beforeAll(async () => {
  harness = await createTestApp({ env: { EMAIL_TRANSPORT: 'outbox' } });
  const { db } = harness.database;
  const gompa = await insertMonastery(db, { slug: 'lamp-gompa', name: 'Lamp Gompa' });
  const lamps = await insertPuja(db, { slug: 'butter-lamps', name: 'Butter Lamps' });
  const meals = await insertPuja(db, { slug: 'sangha-meal', name: 'Meal for the Sangha' });
  const tara = await insertPuja(db, { slug: 'gift-tara', name: 'Tara Puja' });
  Object.assign(ids, { gompa: gompa.id, lamps: lamps.id, meals: meals.id, tara: tara.id });
  const member = await signInByPhone(harness, '9817100001');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: gompa.id })
    .where(eq(users.id, member.user.id));
  staff = member.token;
  patron = (await signInByPhone(harness, '9817100002')).token;
  await db.update(users).set({ name: 'Pema Dolma' }).where(eq(users.phone, '+9779817100002'));
});
afterAll(() => harness.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  harness.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const order = (payload: object) =>
  call('POST', '/api/order', patron, {
    monastery: ids.gompa,
    date: addDays(today, 5),
    payment: 'khalti',
    names: [{ name: 'Ama Lhamo' }],
    ...payload,
  });
const offered = async (pujaId: number) => {
  const list = (await call('GET', '/api/monastery-puja', staff)).json();
  return list.monasteryPuja.pujas.find((puja: { id: number }) => puja.id === pujaId).pivot;
};

describe('a monastery prices an offering per unit or as "pay what you can"', () => {
  it('refuses a per-unit offering without its unit in three languages or its quantities, and changes nothing', async () => {
    const missing = await call('POST', '/api/monastery-puja', staff, {
      puja: ids.lamps,
      cost: 10,
      pricing: 'per_unit',
      unit_en: 'butter lamp',
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['quantities', 'unit_ne', 'unit_zh_hant']);
    const tooDear = await call('POST', '/api/monastery-puja', staff, {
      puja: ids.lamps,
      cost: 5_000,
      pricing: 'per_unit',
      ...LAMPS,
      quantities: '21, 108, 100000',
    });
    expect(tooDear.statusCode).toBe(422);
    expect(tooDear.json().errors.quantities).toEqual([
      'The largest quantity at this price comes to more than Rs. 10000000.',
    ]);
    // A least amount above what anyone may give would be an offering nobody can pay for.
    const beyondGiving = await call('POST', '/api/monastery-puja', staff, {
      puja: ids.lamps,
      cost: 1_000_001,
      pricing: 'pay_what_you_can',
    });
    expect(beyondGiving.statusCode).toBe(422);
    expect(beyondGiving.json().errors.cost).toEqual(['The least amount can be at most Rs. 1000000.']);
    expect((await call('GET', '/api/monastery-puja', staff)).json().monasteryPuja.pujas).toEqual([]);
  });

  it('keeps the unit, the quantities offered (sorted) and the price of one, and shows them in the catalogue', async () => {
    const added = await call('POST', '/api/monastery-puja', staff, {
      puja: ids.lamps,
      cost: 10,
      pricing: 'per_unit',
      ...LAMPS,
      quantities: '1000, 21, 108',
    });
    expect(added.statusCode).toBe(200);
    const pivot = await offered(ids.lamps);
    expect(pivot).toMatchObject({
      cost: 10,
      pricing: {
        kind: 'per_unit',
        unit: { en: 'butter lamp', ne: 'घिउको बत्ती', 'zh-Hant': '酥油燈' },
        quantities: [21, 108, 1000],
      },
    });
    ids.offering = pivot.id;
    const publicPuja = (await harness.app.inject('/api/puja/butter-lamps/edit')).json();
    expect(JSON.stringify(publicPuja)).toContain('"quantities":[21,108,1000]');
    const meals = await call('POST', '/api/monastery-puja', staff, {
      puja: ids.meals,
      cost: 500,
      pricing: 'pay_what_you_can',
    });
    expect(meals.statusCode).toBe(200);
    expect((await offered(ids.meals)).pricing).toMatchObject({
      kind: 'pay_what_you_can',
      max_amount: 1_000_000,
    });
    await call('POST', '/api/monastery-puja', staff, { puja: ids.tara, cost: 2500 });
  });

  it('keeps the pricing when only the price changes, as the price form sends it', async () => {
    const changed = await call('PATCH', `/api/monastery-puja/${ids.offering}`, staff, {
      puja: ids.lamps,
      cost: 12,
    });
    expect(changed.statusCode).toBe(200);
    expect(await offered(ids.lamps)).toMatchObject({
      cost: 12,
      pricing: { kind: 'per_unit', quantities: [21, 108, 1000] },
    });
    await call('PATCH', `/api/monastery-puja/${ids.offering}`, staff, { puja: ids.lamps, cost: 10 });
  });
});

describe('ordering a quantity or an amount', () => {
  it('charges 108 lamps at 108 × the unit’s price, whatever amount the client sends, and keeps the unit', async () => {
    const response = await order({ puja: ids.lamps, cost: 10, quantity: 108, amount: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      amount: 1080,
      pricing: 'per_unit',
      quantity: 108,
      unit_price: 10,
      unit: { en: 'butter lamp' },
      gift: null,
    });
  });

  it('refuses a quantity the monastery does not offer, or none, and stores nothing', async () => {
    const before = await harness.database.db.$count(orders);
    const notOffered = await order({ puja: ids.lamps, cost: 10, quantity: 100 });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().errors.quantity).toEqual([
      'Choose one of the quantities offered: 21, 108, 1000.',
    ]);
    expect((await order({ puja: ids.lamps, cost: 10 })).statusCode).toBe(422);
    expect((await order({ puja: ids.lamps, cost: 10, quantity: -3 })).statusCode).toBe(422);
    expect(await harness.database.db.$count(orders)).toBe(before);
  });

  it('takes a "pay what you can" amount at or above the least and within the most, and records it', async () => {
    const tooLittle = await order({ puja: ids.meals, cost: 500, amount: 499.99 });
    expect(tooLittle.statusCode).toBe(422);
    expect(tooLittle.json().errors.amount).toEqual(['The monastery asks at least Rs. 500.']);
    const tooMuch = await order({ puja: ids.meals, cost: 500, amount: 1_000_000.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect((await order({ puja: ids.meals, cost: 500 })).json().errors.amount).toEqual([
      'Give the amount you offer.',
    ]);
    const accepted = await order({ puja: ids.meals, cost: 500, amount: 2222.5, quantity: 40 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().order).toMatchObject({ amount: 2222.5, pricing: 'pay_what_you_can', quantity: 1 });
  });

  it('answers the refusal in the patron’s language', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(patron), 'accept-language': 'zh-Hant' },
      payload: {
        monastery: ids.gompa,
        puja: ids.meals,
        cost: 500,
        amount: 10,
        date: addDays(today, 5),
        payment: 'khalti',
      },
    });
    expect(response.json().errors.amount).toEqual(['寺院要求至少 Rs. 500。']);
  });
});

describe('a gift', () => {
  const sms = () => sentSms(harness.dataDirectory);
  const emailsTo = (address: string) => sentEmailsTo(harness.dataDirectory, address);
  const tell = async () => {
    await enqueueJob(harness.database.db, 'tell-gift-recipients', {});
    await harness.app.jobs.runDueJobs();
  };
  const gift = (values: object = {}) => ({
    recipient_name: 'Tenzin Norbu',
    email: 'tenzin@example.test',
    language: 'en',
    tell_on: today,
    message: 'For your birthday, with love.',
    ...values,
  });

  it('refuses a gift without a way to tell them, or told on a day past', async () => {
    const noContact = await order({ puja: ids.tara, cost: 2500, gift: gift({ email: '' }) });
    expect(noContact.statusCode).toBe(422);
    expect(noContact.json().errors['gift.email']).toEqual([
      'Give an e-mail address or a phone number to tell them.',
    ]);
    const past = await order({ puja: ids.tara, cost: 2500, gift: gift({ tell_on: addDays(today, -1) }) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors['gift.tell_on']).toEqual(['The date cannot be earlier than today.']);
  });

  it('tells the recipient once, by e-mail, only once paid; the link opens the dedication without the patron', async () => {
    const placed = await order({ puja: ids.tara, cost: 2500, gift: gift() });
    expect(placed.statusCode).toBe(200);
    const { order: ordered } = placed.json();
    expect(ordered.gift).toEqual({
      recipient_name: 'Tenzin Norbu',
      tell_on: today,
      told_at: null,
      message: 'For your birthday, with love.',
      show_patron: false,
    });
    expect(JSON.stringify(ordered)).not.toContain('tenzin@example.test');
    await tell();
    expect(await emailsTo('tenzin@example.test')).toHaveLength(0);

    await payOrder(harness.database.db, ordered.id);
    await tell();
    await tell();
    const mails = await emailsTo('tenzin@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A puja was dedicated to you');
    expect(mails[0]!.text).toContain('Dear Tenzin Norbu,');
    expect(mails[0]!.text).toContain('Someone has dedicated a Tara Puja at Lamp Gompa, in Nepal, to you.');
    expect(mails[0]!.text).not.toContain('Pema');
    const link = /http:\/\/localhost:3000\/dedication\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text ?? '');
    expect(link).not.toBeNull();
    const [stored] = await harness.database.db
      .select()
      .from(orderGifts)
      .where(eq(orderGifts.orderId, ordered.id));
    // Only the link's hash is kept.
    expect(stored!.linkHash).not.toContain(link![1]);

    const page = await harness.app.inject(`/api/dedication/${link![1]}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().dedication).toMatchObject({
      recipient_name: 'Tenzin Norbu',
      from: null,
      puja: 'Tara Puja',
      monastery: 'Lamp Gompa',
      names: ['Ama Lhamo'],
      status: 'to_come',
      photos: [],
    });
    expect(JSON.stringify(page.json())).not.toMatch(/9817100002|Pema/);
    expect((await harness.app.inject(`/api/dedication/${'x'.repeat(27)}`)).statusCode).toBe(404);
    expect((await harness.app.inject('/api/dedication/short')).statusCode).toBe(422);

    // Performed: the page shows its photos through signed links.
    const { db } = harness.database;
    const [uploader] = await db.select().from(users).where(eq(users.phone, '+9779817100001'));
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, ordered.id));
    await db.insert(orderImages).values({
      orderId: ordered.id,
      storageKey: 'gift-test-photo',
      contentType: 'image/webp',
      width: 10,
      height: 10,
      sizeBytes: 10,
      uploadedBy: uploader!.id,
    });
    const performed = (await harness.app.inject(`/api/dedication/${link![1]}`)).json().dedication;
    expect(performed.status).toBe('performed');
    expect(performed.photos).toEqual([
      { id: expect.any(Number), url: expect.stringMatching(/^\/api\/order-images\/\d+\?.*signature=/) },
    ]);
  });

  it('waits for the chosen day, then tells by SMS in their language, with the patron’s name when chosen', async () => {
    const later = addDays(today, 2);
    const placed = await order({
      puja: ids.tara,
      cost: 2500,
      gift: gift({ email: '', phone: '+44 7911 123456', language: 'ne', tell_on: later, show_patron: true }),
    });
    expect(placed.statusCode).toBe(200);
    await payOrder(harness.database.db, placed.json().order.id);
    await tell();
    expect((await sms()).filter((message) => message.to === '+447911123456')).toHaveLength(0);
    // The day comes (the stored day moved to today, as two days passing would make it).
    await harness.database.db
      .update(orderGifts)
      .set({ tellOn: today })
      .where(eq(orderGifts.orderId, placed.json().order.id));
    await tell();
    await tell();
    const sent = (await sms()).filter((message) => message.to === '+447911123456');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(
      /^Pema Dolma द्वारा तपाईंलाई समर्पित पूजा: Tara Puja। http:\/\/localhost:3000\/dedication\/[A-Za-z0-9_-]{27}$/,
    );
  });
});
