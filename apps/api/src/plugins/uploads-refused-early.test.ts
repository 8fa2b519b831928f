import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../test/catalogue-fixtures.ts';
import { insertOrder } from '../../test/order-fixtures.ts';
import { signInByPhone } from '../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';

/**
 * An upload that cannot succeed is answered before its body has been received (docs/decisions/027). Each
 * request here goes over a real socket: its headers declare a large body, which then arrives a piece at a
 * time, each piece sent only after the last was written. The answer must come while the body is still
 * arriving: `sentWhenAnswered` below the declared length. No clock is involved.
 */
let harness: TestApp;
let port = 0;
const tokens = { staffA: '', staffB: '', patron: '' };
const orderIds = { approved: 0, pending: 0 };
const MB = 1024 * 1024;

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const a = await insertMonastery(db, { slug: 'early-a', name: 'Gompa Early A' });
  const b = await insertMonastery(db, { slug: 'early-b', name: 'Gompa Early B' });
  const puja = await insertPuja(db, { slug: 'early-puja', name: 'Early Puja' });
  const offering = await offer(db, a.id, puja.id, 2500);
  const patron = await signInByPhone(harness, '9818100001');
  tokens.patron = patron.token;
  for (const [key, phone, monastery] of [
    ['staffA', '9818100002', a.id],
    ['staffB', '9818100003', b.id],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: monastery })
      .where(eq(users.id, member.user.id));
    tokens[key] = member.token;
  }
  orderIds.approved = (await insertOrder(db, offering, { userId: patron.user.id, status: 'approved' })).id;
  orderIds.pending = (await insertOrder(db, offering, { userId: patron.user.id })).id;
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  port = (harness.app.server.address() as net.AddressInfo).port;
});
afterAll(() => harness.close());

const BOUNDARY = 'early-refusal-boundary';

/**
 * POSTs a completion whose headers declare `declaredBytes`: the order field, then one photo part whose
 * bytes keep coming (64 KB at a time) until the server answers or `declaredBytes` have been sent.
 * The sizes count the body only.
 */
function trickleCompletion(options: { token: string; orderId: number; declaredBytes: number }) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_method"\r\n\r\npatch\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${options.orderId}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[]"; filename="a.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const piece = Buffer.alloc(64 * 1024, 0xab);
  return new Promise<{ status: number; sentWhenAnswered: number }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let answered = false;
    // One piece at a time: the next goes once the last was taken and anything that came back was read
    // (setImmediate runs after the socket's reads), so an answer is seen before more body is sent.
    const keepSending = () => {
      if (answered || sent >= options.declaredBytes) return;
      const bytes = piece.subarray(0, Math.min(piece.length, options.declaredBytes - sent));
      sent += bytes.length;
      socket.write(bytes, () => setImmediate(keepSending));
    };
    socket.on('connect', () => {
      socket.write(
        `POST /api/complete-puja HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${options.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          `Content-Length: ${options.declaredBytes}\r\n\r\n`,
      );
      sent = head.length;
      socket.write(head, () => setImmediate(keepSending));
    });
    socket.on('data', (chunk) => {
      if (!answered) {
        answered = true;
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]);
        resolve({ status, sentWhenAnswered: sent });
        socket.destroy();
      }
    });
    // Once the server has answered and closed, the rest of the body has nowhere to go.
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () => (answered ? undefined : reject(new Error('closed without an answer'))));
  });
}

describe('uploads refused before their body is received', () => {
  it('refuses at once a body declared larger than the route takes (413)', async () => {
    const declaredBytes = 1024 * MB;
    const { status, sentWhenAnswered } = await trickleCompletion({
      token: tokens.staffA,
      orderId: orderIds.approved,
      declaredBytes,
    });
    expect(status).toBe(413);
    // Before the photo could pass its own limit: refused on the declared length alone.
    expect(sentWhenAnswered).toBeLessThan(10 * MB);
  });

  it('refuses a photo as soon as it passes the size limit, not at the end of its part (413)', async () => {
    // 50 MB declared is within what ten photos may take; the one photo sent passes 10 MB on the way.
    const declaredBytes = 50 * MB;
    const { status, sentWhenAnswered } = await trickleCompletion({
      token: tokens.staffA,
      orderId: orderIds.approved,
      declaredBytes,
    });
    expect(status).toBe(413);
    expect(sentWhenAnswered).toBeGreaterThan(10 * MB);
    expect(sentWhenAnswered).toBeLessThan(declaredBytes);
  });

  it('refuses the photos of an order that cannot be completed before receiving them (409)', async () => {
    const declaredBytes = 50 * MB;
    const { status, sentWhenAnswered } = await trickleCompletion({
      token: tokens.staffA,
      orderId: orderIds.pending,
      declaredBytes,
    });
    expect(status).toBe(409);
    expect(sentWhenAnswered).toBeLessThan(declaredBytes);
  });

  it("refuses another monastery's staff, and a patron, before receiving the photos (403)", async () => {
    const declaredBytes = 50 * MB;
    for (const token of [tokens.staffB, tokens.patron]) {
      const { status, sentWhenAnswered } = await trickleCompletion({
        token,
        orderId: orderIds.approved,
        declaredBytes,
      });
      expect(status).toBe(403);
      expect(sentWhenAnswered).toBeLessThan(declaredBytes);
    }
  });

  it('refuses a form whose length is not declared (chunked), before reading it (411)', async () => {
    // Only one chunk is sent and the body never ends: the answer has to come without it.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        const chunk = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${orderIds.approved}\r\n`;
        socket.write(
          `POST /api/complete-puja HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.staffA}\r\n` +
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n` +
            `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`,
        );
      });
      socket.once('data', (data) => {
        resolve(data.toString('latin1'));
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 411 /);
  });
});
