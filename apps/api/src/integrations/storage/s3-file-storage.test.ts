import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bringPujaDayToToday } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { startS3StandIn } from '../../../test/stand-ins/s3-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { orderImages, users } from '../../db/schema/index.ts';
import { createFileStorage } from './create-file-storage.ts';
import { createLocalFileStorage } from './file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

const picture = (colour = { r: 30, g: 90, b: 160 }) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const streamBytes = async (stream: AsyncIterable<Uint8Array>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};
const objectAt = async (key: string) => {
  const { client } = createS3FileStorage(s3.settings);
  const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return { ...object, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
};

describe('the S3 storage adapter', () => {
  it('keeps public files under public/, typed and cached for a year, linked as /uploads', async () => {
    const storage = createS3FileStorage(s3.settings);
    const bytes = Buffer.from('RIFF-webp-bytes');
    expect(await storage.savePublic('catalogue/kopan-0123456789ab.webp', bytes)).toBe(
      '/uploads/catalogue/kopan-0123456789ab.webp',
    );
    const object = await objectAt('public/catalogue/kopan-0123456789ab.webp');
    expect(object.bytes).toEqual(bytes);
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('keeps private files under private/ and reads them back; a missing one is undefined', async () => {
    const storage = createS3FileStorage(s3.settings);
    const bytes = Buffer.from('a completion photo');
    await storage.savePrivate('order-images/7/abc.webp', bytes);
    expect(await storage.readPrivate('order-images/7/abc.webp')).toEqual(bytes);
    expect((await objectAt('private/order-images/7/abc.webp')).bytes).toEqual(bytes);
    expect(await storage.readPrivate('order-images/7/none.webp')).toBeUndefined();
    // The public area reads its own folder only (picture variants are made from what it holds).
    expect(await storage.readPublic('order-images/7/abc.webp')).toBeUndefined();
    await storage.savePublic('catalogue/read-back-0123456789ab.webp', bytes);
    expect(await storage.readPublic('catalogue/read-back-0123456789ab.webp')).toEqual(bytes);
    // The public area never answers for a private key.
    const area = storage.publicArea;
    if (area.kind !== 'stream') throw new Error('expected the app to stream public files');
    expect(await area.read('order-images/7/abc.webp', { headersOnly: false })).toEqual({ found: false });
  });

  it('streams a private file whole or by a range, and says its size (a video, docs/decisions/037)', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
    for (const storage of [
      createS3FileStorage(s3.settings),
      createLocalFileStorage(await fs.mkdtemp(path.join(os.tmpdir(), 'puja-range-'))),
    ]) {
      await storage.savePrivate('order-videos/9/clip.webm', bytes);
      expect(await storage.privateSize('order-videos/9/clip.webm')).toBe(1000);
      const part = await storage.streamPrivate('order-videos/9/clip.webm', { start: 10, end: 19 });
      expect(await streamBytes(part!.body)).toEqual(bytes.subarray(10, 20));
      const whole = await storage.streamPrivate('order-videos/9/clip.webm');
      expect(await streamBytes(whole!.body)).toEqual(bytes);
      expect(await storage.privateSize('order-videos/9/none.webm')).toBeUndefined();
      expect(await storage.streamPrivate('order-videos/9/none.webm')).toBeUndefined();
    }
    expect((await objectAt('private/order-videos/9/clip.webm')).ContentType).toBe('video/webm');
  });

  it('refuses keys that could name something outside their area', async () => {
    const storage = createS3FileStorage(s3.settings);
    for (const key of ['../private/x.webp', '/x.webp', 'a//b.webp', 'a/./b', 'a/../b', '', 'a b.webp']) {
      await expect(storage.savePublic(key, Buffer.from('x')), key).rejects.toThrow(/Not a storage key/);
      await expect(storage.readPrivate(key), key).rejects.toThrow(/Not a storage key/);
      await expect(storage.readPublic(key), key).rejects.toThrow(/Not a storage key/);
    }
  });

  it('is what STORAGE=s3 chooses, configured from the environment', async () => {
    const config = loadConfig({ ...s3.env, DATA_DIR: os.tmpdir() });
    const storage = await createFileStorage(config);
    expect(storage.publicArea.kind).toBe('stream');
    await storage.savePrivate('from-env/one.webp', Buffer.from('one'));
    expect(await storage.readPrivate('from-env/one.webp')).toEqual(Buffer.from('one'));
    expect((await createFileStorage(loadConfig({ DATA_DIR: os.tmpdir() }))).publicArea.kind).toBe('folder');
  });

  it('tells configuration mistakes at start-up', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET, S3_REGION: required when STORAGE=s3/);
    expect(() => loadConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3.env, S3_PUBLIC_URL: 'ftp://cdn.example.org' })).toThrow(/S3_PUBLIC_URL/);
  });
});

describe('the app on S3 storage', () => {
  let harness: TestApp;
  let admin: string;
  let staff: string;
  let patron: string;
  let monasteryId: number;
  let pujaId: number;

  beforeAll(async () => {
    harness = await createTestApp({ storage: createS3FileStorage(s3.settings) });
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 's3-gompa' });
    const puja = await insertPuja(db, { slug: 's3-puja' });
    await offer(db, monastery.id, puja.id, 1500);
    monasteryId = monastery.id;
    pujaId = puja.id;
    const people = [];
    for (const phone of ['9818100001', '9818100002', '9818100003'])
      people.push(await signInByPhone(harness, phone));
    const [adminSession, staffSession, patronSession] = people;
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, adminSession!.user.id));
    await db.update(users).set({ role: 'monastery', monasteryId }).where(eq(users.id, staffSession!.user.id));
    admin = adminSession!.token;
    staff = staffSession!.token;
    patron = patronSession!.token;
  });
  afterAll(() => harness?.close());

  it("serves an administrator's uploaded picture at /uploads from the bucket, as the folder did", async () => {
    const body = await multipart({ name: 'Bucket Gompa', description: 'Pictures in S3.', status: '1' }, [
      { field: 'image', bytes: await picture(), type: 'image/jpeg', name: 'gompa.jpg' },
    ]);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/monastery',
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(200);
    const imagePath: string = created
      .json()
      .monasteries.find((monastery: { name: string }) => monastery.name === 'Bucket Gompa').image_path;
    expect(imagePath).toMatch(/^\/uploads\/catalogue\/bucket-gompa-[0-9a-f]{12}\.webp$/);
    // Nothing on this machine's disk: the bucket holds it.
    await expect(fs.stat(path.join(harness.dataDirectory, 'uploads', imagePath.slice(9)))).rejects.toThrow();
    const stored = await objectAt(`public/${imagePath.slice('/uploads/'.length)}`);

    const served = await harness.app.inject(imagePath);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(stored.bytes);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: stored.ETag,
    });
    // helmet's headers, as for every page-side answer (the same as from the folder).
    expect(served.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const again = await harness.app.inject({ url: imagePath, headers: { 'if-none-match': stored.ETag! } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await harness.app.inject({ method: 'HEAD', url: imagePath });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.bytes.length));
  });

  it('answers a JSON 404 for missing pictures and for anything but a plain key', async () => {
    for (const url of [
      '/uploads/catalogue/missing.webp',
      '/uploads/..%2Fprivate%2Forder-images%2F7%2Fabc.webp',
      '/uploads/%2E%2E/private/x.webp',
      '/uploads/',
    ]) {
      const response = await harness.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('keeps completion photos private in the bucket, behind the signed links', async () => {
    const placed = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(patron),
      payload: {
        monastery: monasteryId,
        puja: pujaId,
        cost: 1500,
        date: addDays(todayIn('Asia/Kathmandu'), 5),
        payment: 'khalti',
      },
    });
    const id: number = placed.json().order.id;
    await payOrder(harness.database.db, id);
    const staffUpdate = async (payload: object) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/order/${id}`,
        headers: bearer(staff),
        payload: { _method: 'patch', version: await orderVersion(harness.database.db, id), ...payload },
      });
    expect((await staffUpdate({})).statusCode).toBe(200);
    await bringPujaDayToToday(harness.database.db, id);
    const body = await multipart({ order_id: String(id), _method: 'patch' }, [
      { field: 'files[]', bytes: await picture({ r: 200, g: 40, b: 40 }), type: 'image/jpeg', name: 'a.jpg' },
    ]);
    const done = await harness.app.inject({
      method: 'POST',
      url: '/api/complete-puja',
      headers: { ...bearer(staff), ...body.headers },
      payload: body.payload,
    });
    expect(done.statusCode).toBe(200);

    const { images } = (
      await harness.app.inject({ url: `/api/get-messages/${id}`, headers: bearer(patron) })
    ).json();
    expect(images).toHaveLength(1);
    const photo = await harness.app.inject({ url: images[0].url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');
    const [row] = await harness.database.db.select().from(orderImages).where(eq(orderImages.orderId, id));
    expect(row!.storageKey).toMatch(new RegExp(`^order-images/${id}/[0-9a-f]{32}\\.webp$`));
    const objectKey = `private/${row!.storageKey}`;
    expect((await objectAt(objectKey)).bytes).toEqual(photo.rawPayload);
    // The bucket's private area has no /uploads address.
    expect((await harness.app.inject(`/uploads/${objectKey}`)).statusCode).toBe(404);
  });
});

describe('public pictures from S3_PUBLIC_URL', () => {
  let harness: TestApp;
  let webDistDirectory: string;

  beforeAll(async () => {
    webDistDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-web-dist-'));
    await fs.writeFile(
      path.join(webDistDirectory, 'index.html'),
      '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body></body></html>',
    );
    harness = await createTestApp({
      webDistDirectory,
      storage: createS3FileStorage({ ...s3.settings, publicUrl: 'https://cdn.example.org/pictures/' }),
    });
  });
  afterAll(async () => {
    await harness?.close();
    await fs.rm(webDistDirectory, { recursive: true, force: true });
  });

  it('redirects /uploads there, and the page allows that origin for images only', async () => {
    const response = await harness.app.inject('/uploads/catalogue/kopan-0123456789ab.webp');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'https://cdn.example.org/pictures/catalogue/kopan-0123456789ab.webp',
    );
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect((await harness.app.inject('/uploads/..%2Fx')).statusCode).toBe(404);

    const page = await harness.app.inject('/monastery');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' https://cdn.example.org data: blob:");
    expect(policy.replace(/img-src[^;]*/, '')).not.toContain('cdn.example.org');
  });
});
