import { addDays, FIXED_PRICING, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { asFormSends } from '../../../test/record-versions.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { monasteryPujas, pujas, users } from '../../db/schema/index.ts';

let harness: TestApp;
const staff = { a: '', b: '' };
let patron = '';
const ids = { a: 0, b: 0, tara: 0, lamp: 0, closed: 0, offeringB: 0 };

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const a = await insertMonastery(db, { slug: 'catalogue-a', name: 'Gompa A' });
  const b = await insertMonastery(db, { slug: 'catalogue-b', name: 'Gompa B' });
  const tara = await insertPuja(db, { slug: 'catalogue-tara', name: 'Tara Puja' });
  const lamp = await insertPuja(db, { slug: 'catalogue-lamp', name: 'Lamp Offering' });
  const closed = await insertPuja(db, { slug: 'catalogue-closed', name: 'Closed Puja', status: 0 });
  const offeringB = await offer(db, b.id, tara.id, 2000);
  Object.assign(ids, {
    a: a.id,
    b: b.id,
    tara: tara.id,
    lamp: lamp.id,
    closed: closed.id,
    offeringB: offeringB.id,
  });
  for (const [key, phone, monastery] of [
    ['a', '9818000001', a.id],
    ['b', '9818000002', b.id],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: monastery })
      .where(eq(users.id, member.user.id));
    staff[key] = member.token;
  }
  patron = (await signInByPhone(harness, '9818000003')).token;
});
afterAll(() => harness.close());

/** A request as the app's forms send it: an edit carries the record's version as stored now. */
const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = staff.a,
) =>
  harness.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: await asFormSends(harness.database.db, method, url, payload) } : {}),
  });
/** Gompa A's offering of Tara Puja, and a save of its form (at Rs. 3000.50) with `fields`. */
async function offeringOfA() {
  const [offering] = await harness.database.db
    .select()
    .from(monasteryPujas)
    .where(eq(monasteryPujas.monasteryId, ids.a));
  const url = `/api/monastery-puja/${offering!.id}`;
  const save = (fields: object) =>
    call('POST', url, { _method: 'patch', puja: ids.tara, cost: 3000.5, ...fields });
  return { url, save };
}
const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
    .png()
    .toBuffer();
const publicMonastery = async (slug: string) =>
  (await harness.app.inject(`/api/monastery/${slug}/edit`)).json().monastery;

describe('a monastery’s catalogue pujas', () => {
  it('lists what the monastery offers and what it could add', async () => {
    const list = (await call('GET', '/api/monastery-puja')).json();
    expect(list.monasteryPuja.pujas).toEqual([]);
    expect(list.pujas.map((puja: { name: string }) => puja.name)).toEqual(['Lamp Offering', 'Tara Puja']);
  });

  it('adds a puja at a price, and visitors see it at once', async () => {
    await publicMonastery('catalogue-a'); // fills the public cache
    const added = await call('POST', '/api/monastery-puja', { puja: ids.tara, cost: 2222 });
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .monasteryPuja.pujas.map((puja: { name: string; pivot: { cost: number } }) => [
          puja.name,
          puja.pivot.cost,
        ]),
    ).toEqual([['Tara Puja', 2222]]);
    expect(added.json().pujas.map((puja: { name: string }) => puja.name)).toEqual(['Lamp Offering']);
    expect(
      (await publicMonastery('catalogue-a')).pujas.map(
        (puja: { pivot: { cost: number } }) => puja.pivot.cost,
      ),
    ).toEqual([2222]);
  });

  it.each([
    ['a puja it already offers', { puja: 'tara', cost: 100 }, 409],
    ['a closed puja', { puja: 'closed', cost: 100 }, 422],
    ['an unknown puja', { puja: 999999, cost: 100 }, 422],
    ['a cost under Rs. 10', { puja: 'lamp', cost: 5 }, 422],
    ['a cost that is not a number', { puja: 'lamp', cost: 'abc' }, 422],
    ['a cost with fractions of paisa', { puja: 'lamp', cost: 10.555 }, 422],
  ])('refuses %s', async (_case, body, status) => {
    const payload = {
      ...body,
      puja: typeof body.puja === 'string' ? ids[body.puja as keyof typeof ids] : body.puja,
    };
    const before = await harness.database.db.$count(monasteryPujas);
    expect((await call('POST', '/api/monastery-puja', payload)).statusCode).toBe(status);
    expect(await harness.database.db.$count(monasteryPujas)).toBe(before);
  });

  it('changes a price, but never the puja of a price', async () => {
    const [offering] = await harness.database.db
      .select()
      .from(monasteryPujas)
      .where(eq(monasteryPujas.monasteryId, ids.a));
    const edit = (await call('GET', `/api/monastery-puja/${offering!.id}/edit`)).json();
    expect(edit.selectedPuja).toMatchObject({ name: 'Tara Puja', pivot: { id: offering!.id, cost: 2222 } });
    expect(
      (
        await call('POST', `/api/monastery-puja/${offering!.id}`, {
          _method: 'patch',
          puja: ids.lamp,
          cost: 10,
        })
      ).statusCode,
    ).toBe(422);
    const changed = await call('POST', `/api/monastery-puja/${offering!.id}`, {
      _method: 'patch',
      puja: ids.tara,
      cost: 3000.5,
    });
    expect(changed.json().monasteryPuja.pujas[0].pivot.cost).toBe(3000.5);
    expect((await publicMonastery('catalogue-a')).pujas[0].pivot.cost).toBe(3000.5);
  });

  it('offers a puja as dedication plans, kept through a change of price, and refuses a kind that is none', async () => {
    const { save } = await offeringOfA();
    // As the form sends it: one field, the kinds with commas.
    const offered = await save({ plan_kinds: 'tibetan_day,forty_nine_days' });
    expect(offered.statusCode, offered.body).toBe(200);
    // In the order of the kinds, whatever order they came in.
    expect(offered.json().monasteryPuja.pujas[0].pivot.plan_kinds).toEqual([
      'forty_nine_days',
      'tibetan_day',
    ]);
    expect((await publicMonastery('catalogue-a')).pujas[0].pivot.plan_kinds).toEqual([
      'forty_nine_days',
      'tibetan_day',
    ]);
    // A change of price alone keeps them.
    expect((await save({})).json().monasteryPuja.pujas[0].pivot.plan_kinds).toEqual([
      'forty_nine_days',
      'tibetan_day',
    ]);
    const refused = await save({ plan_kinds: 'weekly' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['plan_kinds.0']);
    // An empty field: orders only again.
    expect((await save({ plan_kinds: '' })).json().monasteryPuja.pujas[0].pivot.plan_kinds).toEqual([]);

    // Whether plans may be paid each (docs/decisions/058): set, kept by a change of price, cleared.
    const pivotOf = async (fields: object) => (await save(fields)).json().monasteryPuja.pujas[0].pivot;
    expect((await pivotOf({ plan_kinds: 'monthly', plan_pay_each: 'true' })).plan_pay_each).toBe(true);
    expect((await publicMonastery('catalogue-a')).pujas[0].pivot.plan_pay_each).toBe(true);
    expect((await pivotOf({})).plan_pay_each).toBe(true);
    const notABoolean = await save({ plan_pay_each: 'sometimes' });
    expect(notABoolean.statusCode).toBe(422);
    expect(notABoolean.json().errors).toHaveProperty('plan_pay_each');
    expect((await pivotOf({ plan_pay_each: 'false' })).plan_pay_each).toBe(false);
  });

  it('keeps the monastery’s own 49-day schedule, through a change of price, and refuses days that are not (docs/decisions/059)', async () => {
    const { url, save } = await offeringOfA();
    const pivotOf = (answer: { json: () => { monasteryPuja: { pujas: { pivot: unknown }[] } } }) =>
      answer.json().monasteryPuja.pujas[0]!.pivot as { plan_schedule: number[] | null };
    // None set: the 7th, 14th … 49th.
    expect(pivotOf(await save({})).plan_schedule).toBeNull();
    // As the form sends it, Devanagari digits too: the day of death counted as the first.
    const own = await save({ plan_kinds: 'forty_nine_days', plan_schedule: '1, 7, 14, २१, 49' });
    expect(own.statusCode, own.body).toBe(200);
    expect(pivotOf(own).plan_schedule).toEqual([1, 7, 14, 21, 49]);
    expect((await publicMonastery('catalogue-a')).pujas[0].pivot.plan_schedule).toEqual([1, 7, 14, 21, 49]);
    // A change of price alone keeps it.
    expect(pivotOf(await save({})).plan_schedule).toEqual([1, 7, 14, 21, 49]);
    for (const bad of [
      '0, 7',
      '7, 50',
      '14, 7',
      '7, 7',
      '7,,14',
      'seven',
      '7.5',
      Array.from({ length: 50 }, () => 1).join(','),
    ]) {
      const refused = await save({ plan_schedule: bad });
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().errors).toEqual({
        plan_schedule: ['List days after a death from 1 to 49, each once and in order, such as 1, 7, 14.'],
      });
    }
    const nepali = await harness.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(staff.a), 'accept-language': 'ne' },
      payload: await asFormSends(harness.database.db, 'POST', url, {
        _method: 'patch',
        puja: ids.tara,
        cost: 3000.5,
        plan_schedule: '50',
      }),
    });
    expect(nepali.json().errors.plan_schedule).toEqual([
      'मृत्युपछिका दिनहरू १ देखि ४९ सम्म, हरेक एक पटक र क्रमैसँग लेख्नुहोस्, जस्तै १, ७, १४।',
    ]);
    expect(pivotOf(await save({})).plan_schedule).toEqual([1, 7, 14, 21, 49]);
    // An empty field: the 7th … 49th again.
    expect(pivotOf(await save({ plan_schedule: '' })).plan_schedule).toBeNull();
  });

  it('keeps staff of one monastery away from another’s offerings, and patrons away from all of it', async () => {
    const offering = ids.offeringB;
    for (const [method, url, payload] of [
      ['GET', `/api/monastery-puja/${offering}/edit`],
      ['PATCH', `/api/monastery-puja/${offering}`, { puja: ids.tara, cost: 11 }],
      ['DELETE', `/api/monastery-puja/${offering}`],
      ['GET', `/api/monastery-special-puja/${offering}/edit`],
    ] as const) {
      expect((await call(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, payload, patron)).statusCode, `patron ${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/monastery-puja', undefined, patron)).statusCode).toBe(403);
    expect((await harness.app.inject('/api/monastery-puja')).statusCode).toBe(401);
    const [unchanged] = await harness.database.db
      .select()
      .from(monasteryPujas)
      .where(eq(monasteryPujas.id, offering));
    expect(unchanged).toMatchObject({ costPaisa: 200000, archivedAt: null });
  });

  it('archives a offering that has orders (history kept) and deletes one that has none', async () => {
    const patronSession = await signInByPhone(harness, '9818000004');
    const ordered = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(patronSession.token),
      payload: {
        monastery: ids.a,
        puja: ids.tara,
        cost: 3000.5,
        date: addDays(todayIn('Asia/Kathmandu'), 1),
        payment: 'esewa',
      },
    });
    expect(ordered.statusCode).toBe(200);
    const [offering] = await harness.database.db
      .select()
      .from(monasteryPujas)
      .where(eq(monasteryPujas.monasteryId, ids.a));
    const removed = await call('DELETE', `/api/monastery-puja/${offering!.id}`);
    expect(removed.json().monasteryPuja.pujas).toEqual([]);
    const [archived] = await harness.database.db
      .select()
      .from(monasteryPujas)
      .where(eq(monasteryPujas.id, offering!.id));
    expect(archived!.archivedAt).not.toBeNull();
    expect((await publicMonastery('catalogue-a')).pujas).toEqual([]);
    const orders = (
      await harness.app.inject({ url: '/api/order/create', headers: bearer(patronSession.token) })
    ).json().orders;
    expect(orders[0].monastery_puja.puja.name).toBe('Tara Puja');

    // Offering it again brings the offering back with the new price.
    const again = await call('POST', '/api/monastery-puja', { puja: ids.tara, cost: 2500 });
    expect(again.json().monasteryPuja.pujas[0].pivot).toEqual({
      id: offering!.id,
      cost: 2500,
      pricing: FIXED_PRICING,
      plan_kinds: [],
      plan_schedule: null,
      plan_pay_each: false,
    });

    const lamp = await call('POST', '/api/monastery-puja', { puja: ids.lamp, cost: 1000 });
    const lampPivot = lamp
      .json()
      .monasteryPuja.pujas.find((puja: { name: string }) => puja.name === 'Lamp Offering').pivot.id;
    await call('DELETE', `/api/monastery-puja/${lampPivot}`);
    expect(await harness.database.db.$count(monasteryPujas, eq(monasteryPujas.id, lampPivot))).toBe(0);
  });
});

describe('special pujas', () => {
  const create = async (fields: Record<string, string>, image?: Buffer, token = staff.a) => {
    const body = await multipart(
      fields,
      image ? [{ field: 'image', bytes: image, type: 'image/png', name: 'special.png' }] : [],
    );
    return harness.app.inject({
      method: 'POST',
      url: '/api/monastery-special-puja',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const fields = {
    name: 'Lama Chöpa',
    description: 'The Guru Puja of our monastery.',
    status: '1',
    cost: '3100',
  };

  it('needs every field, a real picture, and a valid status', async () => {
    const before = await harness.database.db.$count(pujas);
    expect((await create(fields)).json().errors.image).toEqual(['Image is required.']);
    expect((await create({ ...fields, name: '' }, await picture())).statusCode).toBe(422);
    expect((await create({ ...fields, status: '2' }, await picture())).statusCode).toBe(422);
    expect((await create(fields, Buffer.from('not a picture'))).statusCode).toBe(422);
    expect(await harness.database.db.$count(pujas)).toBe(before);
  });

  it('creates a special puja that belongs only to this monastery, with a slug and a re-encoded picture', async () => {
    const created = await create(fields, await picture());
    expect(created.statusCode).toBe(200);
    const special = created
      .json()
      .monasteryPuja.pujas.find((puja: { name: string }) => puja.name === 'Lama Chöpa');
    expect(special).toMatchObject({
      monastery_id: ids.a,
      slug: 'lama-chopa',
      status: 1,
      pivot: { cost: 3100 },
    });
    expect(special.image_path).toMatch(/^\/uploads\/catalogue\/lama-chopa-[0-9a-f]{12}\.webp$/);
    const served = await harness.app.inject(special.image_path);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    // Not in the shared catalogue, not offered by other monasteries, on its own monastery's page.
    expect(
      (await harness.app.inject('/api/puja')).json().pujas.map((puja: { slug: string }) => puja.slug),
    ).not.toContain('lama-chopa');
    expect(
      (await call('GET', '/api/monastery-puja', undefined, staff.b))
        .json()
        .pujas.map((puja: { slug: string }) => puja.slug),
    ).not.toContain('lama-chopa');
    expect((await publicMonastery('catalogue-a')).pujas.map((puja: { slug: string }) => puja.slug)).toContain(
      'lama-chopa',
    );
    // A second one of the same name, any case, is refused here (docs/product.md#catalogue-names); another
    // monastery may have one, with its own slug.
    const again = await create({ ...fields, name: 'LAMA CHÖPA' }, await picture());
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.name).toEqual(['Your monastery already offers a puja named Lama Chöpa.']);
    const second = await create(fields, await picture(), staff.b);
    expect(second.json().monasteryPuja.pujas.map((puja: { slug: string }) => puja.slug)).toContain(
      'lama-chopa-2',
    );
  });

  it('edits a special puja, keeping its picture and slug unless a new picture is sent', async () => {
    const list = (await call('GET', '/api/monastery-puja')).json().monasteryPuja.pujas;
    const special = list.find((puja: { slug: string }) => puja.slug === 'lama-chopa');
    const body = await multipart({
      ...fields,
      _method: 'patch',
      name: 'Lama Chöpa (Guru Puja)',
      status: '0',
      cost: '3300',
      version: String(special.version),
    });
    const updated = await harness.app.inject({
      method: 'POST',
      url: `/api/monastery-special-puja/${special.pivot.id}`,
      headers: { ...bearer(staff.a), ...body.headers },
      payload: body.payload,
    });
    expect(updated.statusCode).toBe(200);
    const after = updated.json().monasteryPuja.pujas.find((puja: { id: number }) => puja.id === special.id);
    expect(after).toMatchObject({
      name: 'Lama Chöpa (Guru Puja)',
      slug: 'lama-chopa',
      status: 0,
      image_path: special.image_path,
      pivot: { cost: 3300 },
    });
    expect(
      (await publicMonastery('catalogue-a')).pujas.map((puja: { slug: string }) => puja.slug),
    ).not.toContain('lama-chopa');
    // A catalogue puja cannot be edited as a special one.
    const tara = list.find((puja: { slug: string }) => puja.slug === 'catalogue-tara');
    expect((await call('GET', `/api/monastery-special-puja/${tara.pivot.id}/edit`)).statusCode).toBe(422);
  });
});
