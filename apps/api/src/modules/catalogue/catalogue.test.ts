import { monasteryListResponseSchema, pujaDetailResponseSchema } from '@puja/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { monasteries, monasteryPujas } from '../../db/schema/index.ts';

let harness: TestApp;
const ids = { himalaya: 0, valley: 0, tara: 0, special: 0, closed: 0 };

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const himalaya = await insertMonastery(db, { slug: 'himalaya-gompa', name: 'Himalaya Gompa' });
  const valley = await insertMonastery(db, { slug: 'valley-gompa', name: 'Valley Gompa' });
  const closed = await insertMonastery(db, { slug: 'closed-gompa', name: 'Closed Gompa', status: 0 });
  const archived = await insertMonastery(db, {
    slug: 'archived-gompa',
    name: 'Archived Gompa',
    archivedAt: new Date(),
  });
  const tara = await insertPuja(db, { slug: 'tara-puja', name: 'Tara Puja' });
  const lamp = await insertPuja(db, { slug: 'lamp-offering', name: 'Lamp Offering' });
  const closedPuja = await insertPuja(db, { slug: 'closed-puja', name: 'Closed Puja', status: 0 });
  const special = await insertPuja(db, {
    slug: 'himalaya-special',
    name: 'Himalaya Special',
    monasteryId: himalaya.id,
  });
  await offer(db, himalaya.id, tara.id, 2500);
  await offer(db, himalaya.id, lamp.id, 1100.5);
  await offer(db, himalaya.id, closedPuja.id, 900);
  await offer(db, himalaya.id, special.id, 3100);
  await offer(db, valley.id, tara.id, 2200);
  await offer(db, valley.id, lamp.id, 800, true);
  await offer(db, closed.id, tara.id, 1000);
  await offer(db, archived.id, tara.id, 1000);
  Object.assign(ids, {
    himalaya: himalaya.id,
    valley: valley.id,
    tara: tara.id,
    special: special.id,
    closed: closed.id,
  });
});

afterAll(() => harness.close());

describe('GET /api/monastery', () => {
  it('lists open, unarchived monasteries with their visible pujas and prices in rupees', async () => {
    const response = await harness.app.inject('/api/monastery');
    expect(response.statusCode).toBe(200);
    const body = monasteryListResponseSchema.parse(response.json());
    expect(body.monasteries.map((monastery) => monastery.slug)).toEqual(['himalaya-gompa', 'valley-gompa']);
    const himalaya = body.monasteries[0]!;
    expect(himalaya.pujas.map((puja) => [puja.name, puja.pivot.cost])).toEqual([
      ['Himalaya Special', 3100],
      ['Lamp Offering', 1100.5],
      ['Tara Puja', 2500],
    ]);
    expect(himalaya.pujas.find((puja) => puja.slug === 'himalaya-special')?.monastery_id).toBe(ids.himalaya);
    // The archived offering is gone from the valley monastery.
    expect(body.monasteries[1]!.pujas.map((puja) => puja.slug)).toEqual(['tara-puja']);
  });

  it('answers only the contract fields', async () => {
    const body = (await harness.app.inject('/api/monastery')).json();
    expect(Object.keys(body.monasteries[0]).sort()).toEqual(
      [
        'address',
        'description',
        // In Nepali and Chinese, null where none was entered (docs/decisions/049).
        'description_ne',
        'description_zh_hant',
        'email',
        'gallery',
        'id',
        'image_path',
        'name',
        'name_ne',
        'name_zh_hant',
        'phone',
        'pujas',
        'slug',
        'status',
        'version',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toMatch(/archived|created_at|updated_at|cost_paisa/i);
  });
});

describe('GET /api/monastery/{slugOrId}/edit', () => {
  it('finds a monastery by slug and by id', async () => {
    const bySlug = await harness.app.inject('/api/monastery/himalaya-gompa/edit');
    const byId = await harness.app.inject(`/api/monastery/${ids.himalaya}/edit`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().monastery.name).toBe('Himalaya Gompa');
    expect(byId.json()).toEqual(bySlug.json());
  });

  it('hides closed, archived and unknown monasteries behind a JSON 404', async () => {
    for (const slug of ['closed-gompa', 'archived-gompa', 'no-such-gompa', String(ids.closed), '999999']) {
      const response = await harness.app.inject(`/api/monastery/${slug}/edit`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ message: 'Monastery not found.' });
    }
  });

  it('refuses a malformed slug with 422 and the field named', async () => {
    const response = await harness.app.inject('/api/monastery/Bad%20Slug!/edit');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('slugOrId');
  });
});

describe('GET /api/puja and /api/puja/{slugOrId}/edit', () => {
  it('lists open catalogue pujas, not closed ones or monasteries’ special pujas', async () => {
    const body = (await harness.app.inject('/api/puja')).json();
    expect(body.pujas.map((puja: { slug: string }) => puja.slug)).toEqual(['lamp-offering', 'tara-puja']);
  });

  it('shows a puja with the open monasteries offering it and each price', async () => {
    const response = await harness.app.inject('/api/puja/tara-puja/edit');
    expect(response.statusCode).toBe(200);
    const { puja } = pujaDetailResponseSchema.parse(response.json());
    expect(puja.monasteries.map((monastery) => [monastery.slug, monastery.pivot.cost])).toEqual([
      ['himalaya-gompa', 2500],
      ['valley-gompa', 2200],
    ]);
  });

  it('shows a special puja with its own monastery only', async () => {
    const { puja } = (await harness.app.inject(`/api/puja/${ids.special}/edit`)).json();
    expect(puja.monastery_id).toBe(ids.himalaya);
    expect(puja.monasteries.map((monastery: { slug: string }) => monastery.slug)).toEqual(['himalaya-gompa']);
  });

  it('answers 404 for a closed puja', async () => {
    expect((await harness.app.inject('/api/puja/closed-puja/edit')).statusCode).toBe(404);
  });
});

describe('GET /api/get-monastery-puja', () => {
  it('gives the direct-order form every open monastery with its offerings, and the pujas', async () => {
    const body = (await harness.app.inject('/api/get-monastery-puja')).json();
    expect(body.monasteries).toHaveLength(2);
    expect(body.pujas).toHaveLength(2);
  });
});

describe('catalogue cache', () => {
  it('sends the same JSON compressed to a browser that accepts it', async () => {
    const plain = await harness.app.inject('/api/monastery');
    for (const encoding of ['gzip', 'br']) {
      const compressed = await harness.app.inject({
        url: '/api/monastery',
        headers: { 'accept-encoding': encoding },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
      const bytes =
        encoding === 'gzip' ? gunzipSync(compressed.rawPayload) : brotliDecompressSync(compressed.rawPayload);
      expect(bytes.toString()).toBe(plain.body);
    }
  });

  it('answers 304 to a matching If-None-Match and 200 with the body otherwise', async () => {
    const first = await harness.app.inject('/api/monastery');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await harness.app.inject({ url: '/api/monastery', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await harness.app.inject({
      url: '/api/monastery',
      headers: { 'if-none-match': '"stale"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('keeps serving cached bytes until a write announces a change, then shows the change', async () => {
    const { db, url } = harness.database;
    const before = (await harness.app.inject('/api/monastery/valley-gompa/edit')).json();
    // A write that does not announce itself is invisible: the answer comes from memory.
    await db
      .update(monasteryPujas)
      .set({ costPaisa: 333_300 })
      .where(eq(monasteryPujas.monasteryId, ids.valley));
    expect((await harness.app.inject('/api/monastery/valley-gompa/edit')).json()).toEqual(before);

    // Another instance (here: another connection) announces its write through PostgreSQL.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('NOTIFY catalogue_changed');
    await other.end();
    await expect
      .poll(
        async () =>
          (await harness.app.inject('/api/monastery/valley-gompa/edit')).json().monastery.pujas[0].pivot.cost,
      )
      .toBe(3333);
  });

  it('drops a closed monastery from the list once the change is announced', async () => {
    await harness.app.inject('/api/monastery');
    await harness.database.db.update(monasteries).set({ status: 0 }).where(eq(monasteries.id, ids.valley));
    await harness.database.pool.query('NOTIFY catalogue_changed');
    await expect
      .poll(async () => (await harness.app.inject('/api/monastery')).json().monasteries.length)
      .toBe(1);
  });
});
