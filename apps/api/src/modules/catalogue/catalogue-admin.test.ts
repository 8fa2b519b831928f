import { addDays, todayIn } from '@puja/contract';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { asFormSends } from '../../../test/record-versions.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, monasteries, pujas, users } from '../../db/schema/index.ts';

let harness: TestApp;
let admin = '';
let patron = '';
let staff = '';

beforeAll(async () => {
  harness = await createTestApp();
  const session = await signInByPhone(harness, '9819000001');
  await harness.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
  admin = session.token;
  patron = (await signInByPhone(harness, '9819000002')).token;
  const member = await signInByPhone(harness, '9819000003');
  const home = await insertMonastery(harness.database.db, { slug: 'staff-home' });
  await harness.database.db
    .update(users)
    .set({ role: 'monastery', monasteryId: home.id })
    .where(eq(users.id, member.user.id));
  staff = member.token;
});
afterAll(() => harness.close());

const picture = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#335577' } })
    .jpeg()
    .toBuffer();
async function send(
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  image?: Buffer,
  token = admin,
) {
  const body = await multipart(
    Object.fromEntries(
      Object.entries(await asFormSends(harness.database.db, method, url, fields)).map(([key, value]) => [
        key,
        String(value),
      ]),
    ),
    image ? [{ field: 'image', bytes: image, type: 'image/jpeg', name: 'picture.jpg' }] : [],
  );
  return harness.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const fields = {
  name: 'Pullahari Monastery',
  description: 'A Kagyu monastery above the Kathmandu valley.',
  status: '1',
};

describe('an administrator’s monasteries', () => {
  it('creates a monastery with a picture and a slug from its name; visitors see it', async () => {
    const created = await send('POST', '/api/monastery', fields, await picture());
    expect(created.statusCode).toBe(200);
    const made = created
      .json()
      .monasteries.find((monastery: { name: string }) => monastery.name === 'Pullahari Monastery');
    expect(made).toMatchObject({ slug: 'pullahari-monastery', status: 1 });
    expect(made.image_path).toMatch(/^\/uploads\/catalogue\/pullahari-monastery-[0-9a-f]{12}\.webp$/);
    expect((await harness.app.inject('/api/monastery/pullahari-monastery/edit')).statusCode).toBe(200);
  });

  it('validates every field (docs/product.md#form-rules) and changes nothing on refusal', async () => {
    const before = await harness.database.db.$count(monasteries);
    expect((await send('POST', '/api/monastery', fields)).json().errors.image).toEqual([
      'Image is required.',
    ]);
    expect(
      (await send('POST', '/api/monastery', { ...fields, name: ' ' }, await picture())).json().errors.name,
    ).toEqual(['Name is required.']);
    expect(
      (await send('POST', '/api/monastery', { ...fields, description: '' }, await picture())).json().errors
        .description,
    ).toEqual(['Description is required.']);
    expect(
      (await send('POST', '/api/monastery', { ...fields, status: 'open' }, await picture())).statusCode,
    ).toBe(422);
    expect(
      (await send('POST', '/api/monastery', fields, Buffer.from('<html>not a picture</html>'))).statusCode,
    ).toBe(422);
    expect(await harness.database.db.$count(monasteries)).toBe(before);
  });

  it('closes a monastery: visitors lose it, the admin still sees it; its slug stays when renamed', async () => {
    const [row] = await harness.database.db
      .select()
      .from(monasteries)
      .where(eq(monasteries.slug, 'pullahari-monastery'));
    const updated = await send('POST', `/api/monastery/${row!.id}`, {
      ...fields,
      _method: 'patch',
      name: 'Pullahari Gompa',
      status: '0',
    });
    expect(updated.statusCode).toBe(200);
    expect((await harness.app.inject('/api/monastery/pullahari-monastery/edit')).statusCode).toBe(404);
    const publicList = (await harness.app.inject('/api/monastery'))
      .json()
      .monasteries.map((monastery: { slug: string }) => monastery.slug);
    expect(publicList).not.toContain('pullahari-monastery');
    const adminList = (await harness.app.inject({ url: '/api/monastery', headers: bearer(admin) })).json()
      .monasteries;
    expect(
      adminList.find((monastery: { slug: string }) => monastery.slug === 'pullahari-monastery'),
    ).toMatchObject({ name: 'Pullahari Gompa', status: 0 });
    const adminDetail = await harness.app.inject({
      url: '/api/monastery/pullahari-monastery/edit',
      headers: bearer(admin),
    });
    expect(adminDetail.statusCode).toBe(200);
    expect(adminDetail.headers['cache-control']).toBe('private, no-store');
  });

  it('archives a monastery with orders: gone from the public pages, still on its patron’s orders', async () => {
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 'archive-me', name: 'Archive Me' });
    const puja = await insertPuja(db, { slug: 'archive-puja', name: 'Archive Puja' });
    await offer(db, monastery.id, puja.id, 1500);
    const ordered = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(patron),
      payload: {
        monastery: monastery.id,
        puja: puja.id,
        cost: 1500,
        date: addDays(todayIn('Asia/Kathmandu'), 2),
        payment: 'esewa',
      },
    });
    expect(ordered.statusCode).toBe(200);
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: `/api/monastery/${monastery.id}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().monasteries.map((row: { slug: string }) => row.slug)).not.toContain('archive-me');
    expect((await harness.app.inject('/api/monastery/archive-me/edit')).statusCode).toBe(404);
    const [archived] = await db.select().from(monasteries).where(eq(monasteries.id, monastery.id));
    expect(archived!.archivedAt).not.toBeNull();
    const orders = (await harness.app.inject({ url: '/api/order/create', headers: bearer(patron) })).json()
      .orders;
    expect(orders[0].monastery_puja.monastery.name).toBe('Archive Me');
  });

  it('deletes a monastery without orders or staff outright', async () => {
    const monastery = await insertMonastery(harness.database.db, { slug: 'delete-me' });
    await harness.app.inject({
      method: 'DELETE',
      url: `/api/monastery/${monastery.id}`,
      headers: bearer(admin),
    });
    expect(await harness.database.db.$count(monasteries, eq(monasteries.id, monastery.id))).toBe(0);
    expect(
      (
        await harness.app.inject({
          method: 'DELETE',
          url: `/api/monastery/${monastery.id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('an administrator’s pujas', () => {
  it('creates, updates (picture kept) and deletes a catalogue puja', async () => {
    const created = await send(
      'POST',
      '/api/puja',
      { name: 'Vajrasattva Puja', description: 'Purification.', status: '1' },
      await picture(),
    );
    const puja = created.json().pujas.find((row: { name: string }) => row.name === 'Vajrasattva Puja');
    expect(puja).toMatchObject({ slug: 'vajrasattva-puja', monastery_id: null });
    const updated = await send('PATCH', `/api/puja/${puja.id}`, {
      name: 'Vajrasattva Puja',
      description: 'Purification prayers.',
      status: '0',
    });
    expect(updated.json().pujas.find((row: { id: number }) => row.id === puja.id)).toMatchObject({
      status: 0,
      image_path: puja.image_path,
    });
    expect(
      (await harness.app.inject('/api/puja')).json().pujas.map((row: { slug: string }) => row.slug),
    ).not.toContain('vajrasattva-puja');
    await harness.app.inject({ method: 'DELETE', url: `/api/puja/${puja.id}`, headers: bearer(admin) });
    expect(await harness.database.db.$count(pujas, eq(pujas.id, puja.id))).toBe(0);
  });
});

describe('names and descriptions in Nepali and Chinese (docs/decisions/049)', () => {
  const translated = {
    name: 'Chenrezig Puja',
    description: 'Prayers to the Buddha of compassion.',
    name_ne: 'चेनरेजिग पूजा',
    name_zh_hant: '觀音法會',
    description_ne: 'करुणाका बुद्धलाई प्रार्थना।',
    description_zh_hant: '',
    status: '1',
  };

  it('keeps what is entered, empty as none; visitors’ answers carry every language; edits are audited', async () => {
    const created = await send('POST', '/api/puja', translated, await picture());
    expect(created.statusCode, created.body).toBe(200);
    const puja = created.json().pujas.find((row: { name: string }) => row.name === 'Chenrezig Puja');
    const expected = {
      name_ne: 'चेनरेजिग पूजा',
      name_zh_hant: '觀音法會',
      description_ne: 'करुणाका बुद्धलाई प्रार्थना।',
      description_zh_hant: null,
    };
    expect(puja).toMatchObject(expected);
    const visitors = (await harness.app.inject('/api/puja/chenrezig-puja/edit')).json().puja;
    expect(visitors).toMatchObject(expected);

    // A translation taken out is none again; the audit entry names what changed.
    const updated = await send('PATCH', `/api/puja/${puja.id}`, {
      ...translated,
      name_zh_hant: '  ',
      description_zh_hant: '向觀音祈請。',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await harness.app.inject('/api/puja/chenrezig-puja/edit')).json().puja).toMatchObject({
      name_zh_hant: null,
      description_zh_hant: '向觀音祈請。',
      name_ne: 'चेनरेजिग पूजा',
    });
    const [entry] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectType, 'puja'), eq(auditEntries.subjectId, puja.id)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      before: { name_zh_hant: '觀音法會', description_zh_hant: null },
      after: { name_zh_hant: null, description_zh_hant: '向觀音祈請。' },
    });
  });

  it('refuses a translation too long, naming its field, and changes nothing', async () => {
    const before = await harness.database.db.$count(pujas);
    const refused = await send(
      'POST',
      '/api/puja',
      { ...translated, name: 'Long Puja', name_ne: 'क'.repeat(121) },
      await picture(),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name_ne).toEqual(['Name can be at most 120 characters.']);
    expect(await harness.database.db.$count(pujas)).toBe(before);
  });

  it('the database holds no blank translation, whoever writes', async () => {
    await expect(insertPuja(harness.database.db, { slug: 'blank-ne', nameNe: ' ' })).rejects.toThrow();
  });
});

describe('who may change the catalogue', () => {
  it('refuses patrons, staff and visitors on every catalogue write', async () => {
    const [monastery] = await harness.database.db.select().from(monasteries).limit(1);
    const before = await harness.database.db.$count(monasteries);
    for (const token of [patron, staff]) {
      expect((await send('POST', '/api/monastery', fields, await picture(), token)).statusCode).toBe(403);
      expect(
        (await send('PATCH', `/api/monastery/${monastery!.id}`, fields, undefined, token)).statusCode,
      ).toBe(403);
      expect(
        (
          await harness.app.inject({
            method: 'DELETE',
            url: `/api/monastery/${monastery!.id}`,
            headers: bearer(token),
          })
        ).statusCode,
      ).toBe(403);
      expect((await send('POST', '/api/puja', fields, await picture(), token)).statusCode).toBe(403);
    }
    expect((await harness.app.inject({ method: 'DELETE', url: `/api/puja/1` })).statusCode).toBe(401);
    expect(await harness.database.db.$count(monasteries)).toBe(before);
  });
});
