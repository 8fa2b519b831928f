import fs from 'node:fs/promises';
import { addDays, formatCertificateCode, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bringPujaDayToToday } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  auditEntries,
  orderCertificates,
  orderNames,
  orderStreams,
  orderVideos,
  users,
} from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

let harness: TestApp;
const staff = { a: '', b: '', aName: 'Lama Tenzin Dorje' };
let patron = { token: '', id: 0 };
let otherPatron = '';
let admin = '';
let monasteryA = 0;
let pujaId = 0;
const today = todayIn('Asia/Kathmandu');

/** The first bytes of real files, followed by filler: the type is judged from the first ones. */
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'),
  Buffer.alloc(2000, 7),
]);
const WEBM = Buffer.concat([
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104', 'hex'),
  Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251)),
]);

beforeAll(async () => {
  harness = await createTestApp({
    env: { ORDER_VIDEO_MAX_MEGABYTES: '1', VERIFY_LOOKUPS_PER_MINUTE: '5' },
  });
  const { db } = harness.database;
  const a = await insertMonastery(db, { slug: 'proof-a', name: 'Kopan Monastery' });
  const b = await insertMonastery(db, { slug: 'proof-b', name: 'Gompa B' });
  const puja = await insertPuja(db, { slug: 'proof-puja', name: 'Green Tara Puja' });
  await offer(db, a.id, puja.id, 2500);
  await offer(db, b.id, puja.id, 2000);
  monasteryA = a.id;
  pujaId = puja.id;
  const signedIn = await signInByPhone(harness, '9817200001');
  patron = { token: signedIn.token, id: signedIn.user.id };
  await db.update(users).set({ name: 'Pema Sherpa' }).where(eq(users.id, patron.id));
  otherPatron = (await signInByPhone(harness, '9817200005')).token;
  for (const [key, phone, monastery, name] of [
    ['a', '9817200002', a.id, staff.aName],
    ['b', '9817200003', b.id, 'Lama B'],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: monastery, name })
      .where(eq(users.id, member.user.id));
    staff[key] = member.token;
  }
  const adminSession = await signInByPhone(harness, '9817200004');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, adminSession.user.id));
  admin = adminSession.token;
});
afterAll(() => harness.close());

const inject = (options: InjectOptions) => harness.app.inject(options);

/** An order for three names, as the patron places it: pending and unpaid. */
async function placeOrder(): Promise<number> {
  const placed = await inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(patron.token),
    payload: {
      monastery: monasteryA,
      puja: pujaId,
      cost: 2500,
      date: addDays(today, 3),
      payment: 'khalti',
      names: [
        { name: 'Karma Dolma', departed: false },
        { name: 'Sonam Gyatso', departed: true },
        { name: 'Mingma Lhamu', departed: false },
      ],
      intention: 'For the recovery of our mother',
    },
  });
  expect(placed.statusCode).toBe(200);
  return placed.json().order.id;
}

/** An order for three names, paid and approved. */
async function approvedOrder(): Promise<number> {
  const id = await placeOrder();
  await payOrder(harness.database.db, id);
  const approved = await inject({
    method: 'POST',
    url: `/api/order/${id}`,
    headers: bearer(staff.a),
    payload: { _method: 'patch', version: await orderVersion(harness.database.db, id) },
  });
  expect(approved.statusCode).toBe(200);
  return id;
}

const photo = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

/** An approved order completed with a photo, two of its three names ticked as read. */
async function completedOrder(): Promise<number> {
  const id = await approvedOrder();
  const { db } = harness.database;
  const names = await db.select().from(orderNames).where(eq(orderNames.orderId, id));
  const [reader] = await db.select().from(users).where(eq(users.name, staff.aName));
  for (const name of names.slice(0, 2))
    await db
      .update(orderNames)
      .set({ readAt: new Date(), readBy: reader!.id })
      .where(eq(orderNames.id, name.id));
  await bringPujaDayToToday(db, id);
  const body = await multipart({ order_id: String(id), _method: 'patch' }, [
    { field: 'files[]', bytes: await photo(), type: 'image/jpeg', name: 'altar.jpg' },
  ]);
  const completed = await inject({
    method: 'POST',
    url: '/api/complete-puja',
    headers: { ...bearer(staff.a), ...body.headers },
    payload: body.payload,
  });
  expect(completed.statusCode).toBe(200);
  return id;
}

const uploadVideo = async (
  id: number,
  video: { bytes: Buffer; type: string; name: string },
  token = staff.a,
  poster?: { bytes: Buffer; type: string; name: string },
) => {
  const body = await multipart({}, [
    { field: 'video', ...video },
    ...(poster ? [{ field: 'poster', ...poster }] : []),
  ]);
  return inject({
    method: 'POST',
    url: `/api/orders/${id}/video`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const proofOf = (id: number, token = patron.token) =>
  inject({ url: `/api/orders/${id}/proof`, headers: bearer(token) });
const outbox = async () => {
  await harness.app.jobs.runDueJobs();
  return fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => '');
};

describe('the certificate', () => {
  it('is issued when the order is completed, with an unguessable code, and shown to who may see the order', async () => {
    const id = await approvedOrder();
    expect((await proofOf(id)).json().certificate).toBeNull();
    await harness.database.db.delete(orderCertificates).where(eq(orderCertificates.orderId, id));
    const completedId = await completedOrder();
    const [row] = await harness.database.db
      .select()
      .from(orderCertificates)
      .where(eq(orderCertificates.orderId, completedId));
    expect(row!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const proof = (await proofOf(completedId)).json();
    expect(proof.certificate).toEqual({
      code: row!.code,
      verify_path: `/verify/${formatCertificateCode(row!.code)}`,
    });
    expect((await proofOf(completedId, staff.a)).statusCode).toBe(200);
    expect((await proofOf(completedId, admin)).statusCode).toBe(200);
    expect((await proofOf(completedId, staff.b)).statusCode).toBe(403);
    expect((await proofOf(completedId, otherPatron)).statusCode).toBe(403);
    expect((await inject({ url: `/api/orders/${completedId}/proof` })).statusCode).toBe(401);
    expect((await proofOf(2_000_000)).statusCode).toBe(404);
  });

  it('is a PDF with the monastery, puja, day, names read, who completed it and a code to check', async () => {
    const id = await completedOrder();
    const response = await inject({
      url: `/api/orders/${id}/certificate.pdf?lang=en`,
      headers: bearer(patron.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="certificate-PJ-\w{6}\.pdf"$/,
    );
    const { code } = (await proofOf(id)).json().certificate;
    const [text] = await extractPdfText(response.rawPayload);
    expect(text).toContain('Certificate of a puja performed');
    expect(text).toContain('Monastery Kopan Monastery');
    expect(text).toContain('Puja Green Tara Puja');
    expect(text).toContain('Names read 2 of 3');
    expect(text).toContain(`Completed by ${staff.aName}`);
    expect(text).toContain(formatCertificateCode(code));
    expect(text).toContain(`/verify/${formatCertificateCode(code)}`);
    // Nothing of the patron's own: their name, the names prayed for, the intention.
    for (const personal of ['Pema Sherpa', 'Karma Dolma', 'recovery']) expect(text).not.toContain(personal);

    const nepali = await inject({
      url: `/api/orders/${id}/certificate.pdf?lang=ne`,
      headers: bearer(patron.token),
    });
    const [nepaliText] = await extractPdfText(nepali.rawPayload);
    expect(nepaliText).toContain('गुम्बा');
    expect(nepaliText).toContain(formatCertificateCode(code));

    expect(
      (await inject({ url: `/api/orders/${id}/certificate.pdf`, headers: bearer(staff.a) })).statusCode,
    ).toBe(200);
    expect(
      (await inject({ url: `/api/orders/${id}/certificate.pdf`, headers: bearer(staff.b) })).statusCode,
    ).toBe(403);
    expect(
      (await inject({ url: `/api/orders/${id}/certificate.pdf`, headers: bearer(otherPatron) })).statusCode,
    ).toBe(403);
    const pending = await approvedOrder();
    expect(
      (await inject({ url: `/api/orders/${pending}/certificate.pdf`, headers: bearer(patron.token) }))
        .statusCode,
    ).toBe(409);
  });

  it('is confirmed publicly by its code, without anything personal, however the code is typed', async () => {
    const id = await completedOrder();
    const { code } = (await proofOf(id)).json().certificate;
    const ip = { remoteAddress: '10.1.0.1' };
    const response = await inject({ url: `/api/verify/${formatCertificateCode(code).toLowerCase()}`, ...ip });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      certificate: {
        code,
        monastery: { name: 'Kopan Monastery', slug: 'proof-a', image_path: expect.anything() },
        puja: 'Green Tara Puja',
        performed_on: today, // completed on its day (a puja is not completed before it)
        names_read: 2,
      },
    });
    for (const personal of ['Pema', 'Karma', 'recovery', '9817200001', 'PJ-'])
      expect(response.body).not.toContain(personal);
    expect((await inject({ url: `/api/verify/${code}`, ...ip })).statusCode).toBe(200);
    // An unknown code, and text that cannot be a code.
    expect((await inject({ url: '/api/verify/0000000000000000', ...ip })).statusCode).toBe(404);
    expect((await inject({ url: '/api/verify/not-a-code', ...ip })).statusCode).toBe(404);
  });

  it('limits public look-ups per address', async () => {
    const ip = { remoteAddress: '10.1.0.2' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await inject({ url: '/api/verify/0000000000000000', ...ip })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect(
      (await inject({ url: '/api/verify/0000000000000000', remoteAddress: '10.1.0.3' })).statusCode,
    ).toBe(404);
  });
});

describe('the video', () => {
  it('is attached only by staff of the order’s monastery, to a completed order', async () => {
    const id = await completedOrder();
    const file = { bytes: WEBM, type: 'video/webm', name: 'puja.webm' };
    expect((await uploadVideo(id, file, staff.b)).statusCode).toBe(403);
    expect((await uploadVideo(id, file, patron.token)).statusCode).toBe(403);
    expect((await uploadVideo(id, file, admin)).statusCode).toBe(403);
    const approved = await approvedOrder();
    expect((await uploadVideo(approved, file)).statusCode).toBe(409);
    expect(await harness.database.db.$count(orderVideos)).toBe(0);
  });

  it('is judged by its bytes: a PNG named .mp4 is refused, a WebM declared as a picture is kept as WebM', async () => {
    const id = await completedOrder();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const refused = await uploadVideo(id, { bytes: png, type: 'video/mp4', name: 'puja.mp4' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.video).toEqual(['The video must be an MP4 or WebM file.']);
    expect(await harness.database.db.$count(orderVideos, eq(orderVideos.orderId, id))).toBe(0);

    const kept = await uploadVideo(id, { bytes: WEBM, type: 'image/png', name: 'puja.png' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().video).toMatchObject({ content_type: 'video/webm', size_bytes: WEBM.length });
    const mp4 = await uploadVideo(id, { bytes: MP4, type: 'application/octet-stream', name: 'clip' });
    expect(mp4.json().video).toMatchObject({ content_type: 'video/mp4', size_bytes: MP4.length });
    // One video an order: the second replaced the first.
    expect(await harness.database.db.$count(orderVideos, eq(orderVideos.orderId, id))).toBe(1);
    expect(
      await harness.database.db.$count(auditEntries, eq(auditEntries.action, 'attach-video')),
    ).toBeGreaterThanOrEqual(2);
  });

  it('is refused over the size limit (413)', async () => {
    const id = await completedOrder();
    const large = Buffer.concat([WEBM, Buffer.alloc(1024 * 1024 + 10)]);
    const response = await uploadVideo(id, { bytes: large, type: 'video/webm', name: 'long.webm' });
    expect(response.statusCode).toBe(413);
    expect(await harness.database.db.$count(orderVideos, eq(orderVideos.orderId, id))).toBe(0);
  });

  it('is streamed through its signed link by ranges, and the patron is told', async () => {
    const id = await completedOrder();
    const before = await outbox();
    const { video } = (await uploadVideo(id, { bytes: WEBM, type: 'video/webm', name: 'puja.webm' })).json();
    expect((await outbox()).slice(before.length)).toContain('A video of your Green Tara Puja was added');
    const proof = (await proofOf(id)).json();
    expect(proof.video.url).toMatch(new RegExp(`^/api/order-videos/${video.id}\\?expires=\\d+&signature=`));

    const whole = await inject({ url: proof.video.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(Number(whole.headers['content-length'])).toBe(WEBM.length);
    expect(whole.rawPayload.equals(WEBM)).toBe(true);

    const first = await inject({ url: proof.video.url, headers: { range: 'bytes=0-9' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${WEBM.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(WEBM.subarray(0, 10))).toBe(true);

    const open = await inject({ url: proof.video.url, headers: { range: `bytes=${WEBM.length - 4}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(WEBM.subarray(WEBM.length - 4))).toBe(true);
    const suffix = await inject({ url: proof.video.url, headers: { range: 'bytes=-6' } });
    expect(suffix.headers['content-range']).toBe(
      `bytes ${WEBM.length - 6}-${WEBM.length - 1}/${WEBM.length}`,
    );
    expect(suffix.rawPayload.equals(WEBM.subarray(WEBM.length - 6))).toBe(true);
    const pastEnd = await inject({ url: proof.video.url, headers: { range: 'bytes=100-999999' } });
    expect(pastEnd.headers['content-range']).toBe(`bytes 100-${WEBM.length - 1}/${WEBM.length}`);

    for (const range of [`bytes=${WEBM.length}-`, 'bytes=50-10', 'bytes=-0', 'bytes=abc']) {
      const refused = await inject({ url: proof.video.url, headers: { range } });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range']).toBe(`bytes */${WEBM.length}`);
    }

    // Flip the signature's first character to a different one (a fixed replacement equals it 1 time in 64).
    const tampered = proof.video.url.replace(
      /signature=(.)/,
      (_: string, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`,
    );
    expect((await inject({ url: tampered })).statusCode).toBe(403);
    const expired = proof.video.url.replace(/expires=\d+/, 'expires=1000');
    expect((await inject({ url: expired })).statusCode).toBe(403);
    const otherVideo = proof.video.url.replace(`/order-videos/${video.id}`, `/order-videos/${video.id + 1}`);
    expect((await inject({ url: otherVideo })).statusCode).toBe(403);
  });

  it('has the first photo as its poster, or the picture staff gave, re-encoded', async () => {
    const id = await completedOrder();
    const plain = (await uploadVideo(id, { bytes: MP4, type: 'video/mp4', name: 'a.mp4' })).json();
    const firstPhoto = await inject({ url: plain.video.poster_url });
    expect(firstPhoto.statusCode).toBe(200);
    expect(firstPhoto.headers['content-type']).toBe('image/webp');
    expect((await sharp(firstPhoto.rawPayload).metadata()).width).toBe(80);

    const poster = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const given = (
      await uploadVideo(id, { bytes: MP4, type: 'video/mp4', name: 'a.mp4' }, staff.a, {
        bytes: poster,
        type: 'image/png',
        name: 'poster.png',
      })
    ).json();
    const posterAnswer = await inject({ url: given.video.poster_url });
    expect(posterAnswer.headers['content-type']).toBe('image/webp');
    expect((await sharp(posterAnswer.rawPayload).metadata()).width).toBe(320);

    const notPicture = await uploadVideo(id, { bytes: MP4, type: 'video/mp4', name: 'a.mp4' }, staff.a, {
      bytes: WEBM,
      type: 'image/png',
      name: 'poster.png',
    });
    expect(notPicture.statusCode).toBe(422);
  });
});

describe('the livestream link', () => {
  const announce = (id: number, payload: object, token = staff.a) =>
    inject({ method: 'POST', url: `/api/orders/${id}/livestream`, headers: bearer(token), payload });

  it('takes only https links on YouTube, Facebook or Zoom', async () => {
    const id = await approvedOrder();
    for (const url of [
      'http://www.youtube.com/live/abc',
      'https://youtube.com.evil.example/live',
      'https://evil.example/?youtube.com',
      'javascript:alert(1)',
      'https://user:pass@zoom.us/j/1',
      'https://vimeo.com/1',
    ]) {
      const response = await announce(id, { url, date: addDays(today, 3), time: '07:00' });
      expect(response.statusCode, url).toBe(422);
    }
    expect(await harness.database.db.$count(orderStreams, eq(orderStreams.orderId, id))).toBe(0);
    const bad = await announce(id, { url: 'https://zoom.us/j/1', date: addDays(today, 3), time: '25:00' });
    expect(bad.statusCode).toBe(422);
  });

  it('is stored in UTC from Nepal time, shown on the order, and told to the patron', async () => {
    const id = await approvedOrder();
    const before = await outbox();
    const url = 'https://www.youtube.com/live/abcDEF123';
    const response = await announce(id, { url, date: '2026-12-01', time: '07:00' });
    expect(response.statusCode).toBe(200);
    // 07:00 in Kathmandu (UTC+05:45).
    expect(response.json().livestream).toEqual({
      url,
      provider: 'youtube',
      starts_at: '2026-12-01T01:15:00.000Z',
    });
    expect((await proofOf(id)).json().livestream.url).toBe(url);
    const sent = (await outbox()).slice(before.length);
    expect(sent).toContain('Your Green Tara Puja is streamed live on 2026-12-01 at 07:00 Nepal time');
    expect(sent).toContain(url);

    const recording = await announce(id, { url: 'https://fb.watch/xyz', date: '2026-12-01', time: '08:30' });
    expect(recording.json().livestream).toMatchObject({
      provider: 'facebook',
      starts_at: '2026-12-01T02:45:00.000Z',
    });
  });

  it('is announced only by the order’s monastery, for an approved or completed order', async () => {
    const id = await approvedOrder();
    const payload = { url: 'https://zoom.us/j/123', date: addDays(today, 3), time: '07:00' };
    expect((await announce(id, payload, staff.b)).statusCode).toBe(403);
    expect((await announce(id, payload, patron.token)).statusCode).toBe(403);
    expect((await announce(id, payload, admin)).statusCode).toBe(403);
    const pending = await placeOrder();
    expect((await announce(pending, payload)).statusCode).toBe(409);
  });
});
