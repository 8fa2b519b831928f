import fs from 'node:fs/promises';
import path from 'node:path';
import { pictureVariantPath, socialCardPath } from '@puja/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../../test/stand-ins/s3-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { renderMonasteryPicture } from '../../db/seed/artwork.ts';
import { createPictureVariants } from './picture-variants.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

let harness: TestApp;
/** A seeded picture (1600×840) and a small upload (500×300), as the storage keeps them. */
let large: string;
let small: string;

beforeAll(async () => {
  harness = await createTestApp();
  const { storage } = harness.app;
  const drawn = await renderMonasteryPicture('stupa', 30);
  large = await storage.savePublic(`catalogue/great-stupa-${drawn.hash}.webp`, drawn.bytes);
  const smallBytes = await sharp({
    create: { width: 500, height: 300, channels: 3, background: { r: 120, g: 40, b: 40 } },
  })
    .webp()
    .toBuffer();
  small = await storage.savePublic('catalogue/small-0123456789ab.webp', smallBytes);
  await storage.savePublic('catalogue/broken-0123456789ab.webp', Buffer.from('not a picture at all'));
});

afterAll(() => harness?.close());

const get = (url: string, headers: Record<string, string> = {}) => harness.app.inject({ url, headers });

describe('GET /images/{key}/{width}.{format}', () => {
  it('answers each width in WebP and AVIF, the original scaled to that width, cached for a year', async () => {
    for (const [width, format, sharpFormat, type] of [
      [320, 'webp', 'webp', 'image/webp'],
      [640, 'avif', 'heif', 'image/avif'],
      [1280, 'webp', 'webp', 'image/webp'],
    ] as const) {
      const response = await get(pictureVariantPath(large, width, format)!);
      expect(response.statusCode, `${width}.${format}`).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe(sharpFormat);
      expect([metadata.width, metadata.height]).toEqual([width, Math.round((width * 840) / 1600)]);
    }
  });

  it('never enlarges: a narrower original answers at its own width', async () => {
    const response = await get(pictureVariantPath(small, 1280, 'webp')!);
    expect(response.statusCode).toBe(200);
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([500, 300]);
  });

  it('makes a variant once and keeps it in the public area, where later requests read it', async () => {
    const url = pictureVariantPath(large, 480, 'avif')!;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const stored = path.join(
      harness.dataDirectory,
      'uploads',
      'variants',
      large.replace('/uploads/', ''),
      '480.avif',
    );
    expect(await fs.readFile(stored)).toEqual(first.rawPayload);
    // Replaced behind the app's back: the next answer is what the storage holds, not a new resize.
    const marker = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .avif()
      .toBuffer();
    await fs.writeFile(stored, marker);
    expect((await get(url)).rawPayload).toEqual(marker);
  });

  it('answers 304 to a browser that holds the same bytes', async () => {
    const url = pictureVariantPath(large, 320, 'avif')!;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('shares one resize between requests for the same variant that arrive together', async () => {
    const url = pictureVariantPath(large, 960, 'webp')!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => get(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.rawPayload).toEqual(answers[0]!.rawPayload);
  });

  it('answers 404, never a 5xx, for what it does not make', async () => {
    const key = large.replace('/uploads/', '');
    const urls = [
      '/images/catalogue/none-0123456789ab.webp/640.webp', // no such picture
      `/images/${key}/641.webp`, // a width not offered
      `/images/${key}/0.webp`,
      `/images/${key}/99999.webp`,
      `/images/${key}/640.png`, // a format not offered
      `/images/${key}/640.jpg`,
      `/images/${key}/og.webp`,
      `/images/${key}`, // no variant named
      `/images/${key}/`,
      '/images/',
      `/images/variants/${key}/640.webp/320.webp`, // only catalogue pictures, never a variant's variant
      '/images/catalogue/../private/x.webp/640.webp',
      '/images/catalogue/%2e%2e/x.webp/640.webp',
      '/images/catalogue/broken-0123456789ab.webp/640.webp', // stored, but not a picture
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });
});

describe('GET /images/{key}/og.jpg', () => {
  it('answers a 1200×630 JPEG for link previews, also from a picture smaller than that', async () => {
    for (const picture of [large, small]) {
      const response = await get(socialCardPath(picture)!);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
    }
  });
});

describe('picture variants in a shared bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3?.close());

  it('are made by one instance and read by another, which does not resize again', async () => {
    const first = createS3FileStorage(s3.settings);
    const second = createS3FileStorage(s3.settings);
    const drawn = await renderMonasteryPicture('pagoda', 200);
    const key = `catalogue/pagoda-${drawn.hash}.webp`;
    await first.savePublic(key, drawn.bytes);
    const warnings: string[] = [];
    const made = await createPictureVariants(first, (message) => warnings.push(message)).get(key, {
      kind: 'width',
      width: 640,
      format: 'webp',
    });
    expect(made.found).toBe(true);
    // Without its original, the second instance could only answer what the first one stored.
    await first.client.send(
      new (await import('@aws-sdk/client-s3')).DeleteObjectCommand({
        Bucket: s3.bucket,
        Key: `public/${key}`,
      }),
    );
    const read = await createPictureVariants(second, (message) => warnings.push(message)).get(key, {
      kind: 'width',
      width: 640,
      format: 'webp',
    });
    expect(read).toEqual(made);
    expect(warnings).toEqual([]);
  });
});
