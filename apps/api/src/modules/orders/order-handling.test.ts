import fs from 'node:fs/promises';
import path from 'node:path';
import { addDays, ERROR_MESSAGES, STAFF_SECTION_LIMIT, startOfBusinessDay, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bringPujaDayToToday } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { insertOrder, insertPaymentAttempt, orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, messages, orderImages, orders, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

let harness: TestApp;
const staff = { a: '', b: '' };
let patron = { token: '', id: 0 };
let admin = '';
let monasteryA = 0;
let pujaId = 0;
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const a = await insertMonastery(db, { slug: 'handling-a', name: 'Gompa A' });
  const b = await insertMonastery(db, { slug: 'handling-b', name: 'Gompa B' });
  const puja = await insertPuja(db, { slug: 'handling-puja', name: 'Tara Puja' });
  await offer(db, a.id, puja.id, 2500);
  await offer(db, b.id, puja.id, 2000);
  monasteryA = a.id;
  const signedIn = await signInByPhone(harness, '9817000001');
  patron = { token: signedIn.token, id: signedIn.user.id };
  for (const [key, phone, monastery] of [
    ['a', '9817000002', a.id],
    ['b', '9817000003', b.id],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: monastery })
      .where(eq(users.id, member.user.id));
    staff[key] = member.token;
  }
  const adminSession = await signInByPhone(harness, '9817000004');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, adminSession.user.id));
  admin = adminSession.token;
  pujaId = puja.id;
});
afterAll(() => harness.close());

/** An order placed by the patron and, unless `paid: false`, paid: only a paid order can be approved. */
async function newOrder({ paid = true } = {}): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(patron.token),
    payload: { monastery: monasteryA, puja: pujaId, cost: 2500, date: addDays(today, 5), payment: 'khalti' },
  });
  const id: number = response.json().order.id;
  if (paid) await payOrder(harness.database.db, id);
  return id;
}
const orderRow = async (id: number) =>
  (await harness.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const statusOf = async (id: number) => (await orderRow(id)).status;
const auditCount = (id: number) => harness.database.db.$count(auditEntries, eq(auditEntries.subjectId, id));
/** The SMS outbox so far ('' before the first SMS), once the queued notices have been sent. */
const outbox = async () => {
  await harness.app.jobs.runDueJobs();
  return fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => '');
};
/** A staff change of an order, sent from its version as stored now (as the page shows it). */
const update = async (id: number, payload: object, token = staff.a) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/order/${id}`,
    headers: bearer(token),
    payload: { _method: 'patch', version: await orderVersion(harness.database.db, id), ...payload },
  });

async function photo(format: 'jpeg' | 'png' = 'jpeg', withExif = true): Promise<Buffer> {
  let image = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  if (withExif)
    image = image.withExif({ IFD0: { Copyright: 'secret-location-data', Artist: 'Hidden Person' } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}
const complete = async (
  id: number,
  files: { bytes: Buffer; type: string; name: string }[],
  token = staff.a,
) => {
  // A puja is completed on its day (Nepal time) or later.
  await bringPujaDayToToday(harness.database.db, id);
  const body = await multipart(
    { order_id: String(id), _method: 'patch' },
    files.map((file) => ({ field: 'files[]', ...file })),
  );
  return harness.app.inject({
    method: 'POST',
    url: '/api/complete-puja',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

describe('who may handle orders', () => {
  it('shows staff their own monastery’s orders only, and admins all', async () => {
    const id = await newOrder();
    const own = (await harness.app.inject({ url: '/api/order', headers: bearer(staff.a) })).json();
    expect(own.pendingOrders.map((order: { id: number }) => order.id)).toContain(id);
    const other = (await harness.app.inject({ url: '/api/order', headers: bearer(staff.b) })).json();
    expect(other.pendingOrders.map((order: { id: number }) => order.id)).not.toContain(id);
    const all = (await harness.app.inject({ url: '/api/order', headers: bearer(admin) })).json();
    expect(all.pendingOrders.map((order: { id: number }) => order.id)).toContain(id);
    expect((await harness.app.inject({ url: '/api/order', headers: bearer(patron.token) })).statusCode).toBe(
      403,
    );
    expect((await harness.app.inject({ url: '/api/order' })).statusCode).toBe(401);
  });

  it('bounds each section to the soonest pujas and says how many there are in all', async () => {
    const { db } = harness.database;
    const gompa = await insertMonastery(db, { slug: 'handling-busy', name: 'Busy Gompa' });
    const offering = await offer(db, gompa.id, pujaId, 1500);
    const member = await signInByPhone(harness, '9817000005');
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: gompa.id })
      .where(eq(users.id, member.user.id));
    const approvedCount = STAFF_SECTION_LIMIT + 3;
    for (let index = 0; index < approvedCount; index += 1) {
      await insertOrder(db, offering, {
        userId: patron.id,
        status: 'approved',
        paymentStatus: 'Completed',
        // Listed out of date order, so the answer's order is the server's doing.
        pujaDate: addDays(today, (index * 37) % approvedCount),
      });
    }
    await insertOrder(db, offering, { userId: patron.id, pujaDate: addDays(today, 2) });

    const answer = (await harness.app.inject({ url: '/api/order', headers: bearer(member.token) })).json();
    expect(answer.totals).toEqual({ pending: 0, awaitingPayment: 1, approved: approvedCount });
    expect(answer.approvedOrders).toHaveLength(STAFF_SECTION_LIMIT);
    const dates = answer.approvedOrders.map((order: { date: string }) => order.date);
    expect(dates).toEqual([...dates].sort());
    // The three left out are the latest pujas.
    expect(dates.at(-1)).toBe(startOfBusinessDay(addDays(today, STAFF_SECTION_LIMIT - 1), 'Asia/Kathmandu'));
    expect(answer.awaitingPaymentOrders).toHaveLength(1);
  });

  it('refuses another monastery’s staff, patrons and visitors on every staff action, changing nothing', async () => {
    const id = await newOrder();
    const jpeg = await photo();
    const version = await orderVersion(harness.database.db, id);
    const calls = (token?: string) => {
      const headers = token ? bearer(token) : {};
      return [
        harness.app.inject({ url: `/api/order/${id}/edit`, headers }),
        harness.app.inject({ method: 'PATCH', url: `/api/order/${id}`, headers, payload: { version } }),
        harness.app.inject({
          method: 'PATCH',
          url: `/api/order/${id}`,
          headers,
          payload: { status: 'decline', reason: 'date_unavailable', version },
        }),
        harness.app.inject({
          method: 'POST',
          url: '/api/message',
          headers,
          payload: { orderID: id, userID: patron.id, message: 'Hello' },
        }),
        multipart({ order_id: String(id) }, [
          { field: 'files[]', bytes: jpeg, type: 'image/jpeg', name: 'a.jpg' },
        ]).then((body) =>
          harness.app.inject({
            method: 'PATCH',
            url: '/api/complete-puja',
            headers: { ...headers, ...body.headers },
            payload: body.payload,
          }),
        ),
      ];
    };
    for (const [token, expected] of [
      [staff.b, 403],
      [patron.token, 403],
      [undefined, 401],
      [admin, 403],
    ] as const) {
      const answers = await Promise.all(calls(token));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => expected));
    }
    expect(await statusOf(id)).toBe('pending');
    expect(await harness.database.db.$count(messages, eq(messages.orderId, id))).toBe(0);
  });
});

describe('order transitions', () => {
  it('approves a pending order, then refuses to approve, re-date or decline it again', async () => {
    const id = await newOrder();
    // Every change names the version it was made from: without one it is refused and nothing changes.
    const unversioned = await harness.app.inject({
      method: 'PATCH',
      url: `/api/order/${id}`,
      headers: bearer(staff.a),
      payload: {},
    });
    expect(unversioned.statusCode).toBe(422);
    expect(unversioned.json().errors.version).toBeDefined();
    expect(await statusOf(id)).toBe('pending');
    const approved = await update(id, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approvedOrders.map((order: { id: number }) => order.id)).toContain(id);
    for (const payload of [
      {},
      { date: addDays(today, 9) },
      { status: 'decline', reason: 'date_unavailable' },
    ]) {
      const again = await update(id, payload);
      expect(again.statusCode).toBe(409);
    }
    expect(await statusOf(id)).toBe('approved');
  });

  it('re-dates a pending order by the ordering rules, and tells the patron', async () => {
    const id = await newOrder();
    expect((await update(id, { date: addDays(today, -1) })).json().errors.date).toEqual([
      'The date cannot be earlier than today.',
    ]);
    const moved = await update(id, { date: addDays(today, 20) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().pendingOrders.find((order: { id: number }) => order.id === id).date).toBe(
      `${addDays(today, 20)}T00:00:00+05:45`,
    );
    const edit = (
      await harness.app.inject({ url: `/api/order/${id}/edit`, headers: bearer(staff.a) })
    ).json();
    expect(edit).toEqual({ order: { id, date: `${addDays(today, 20)}T00:00:00+05:45`, version: 2 } });
    const sent = await outbox();
    expect(sent).toContain(`Your Tara Puja has a new date: ${addDays(today, 20)}.`);
    expect(sent).toContain(`/orders?oid=${id}`);
  });

  it('declines a pending order for good', async () => {
    const id = await newOrder();
    expect((await update(id, { status: 'decline', reason: 'date_unavailable' })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('declined');
    expect((await update(id, {})).statusCode).toBe(409);
    expect(
      (await complete(id, [{ bytes: await photo(), type: 'image/jpeg', name: 'a.jpg' }])).statusCode,
    ).toBe(409);
  });

  it('refuses a date and a decline together, and a status other than decline', async () => {
    const id = await newOrder();
    expect((await update(id, { date: addDays(today, 3), status: 'decline' })).statusCode).toBe(422);
    expect((await update(id, { status: 'approved' })).statusCode).toBe(422);
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('approval needs a paid order', () => {
  const UNPAID = 'This order is not paid yet: it can be approved once the payment is completed.';

  it.each([
    ['not paid at all (Pending)', async (_id: number) => undefined],
    [
      'whose payment the patron cancelled',
      async (id: number) => {
        await insertPaymentAttempt(harness.database.db, await orderRow(id), { status: 'Failed' });
      },
    ],
    [
      'whose payment failed (Failed)',
      async (id: number) => {
        await harness.database.db.update(orders).set({ paymentStatus: 'Failed' }).where(eq(orders.id, id));
      },
    ],
    [
      'whose payment was refunded (Refunded)',
      async (id: number) => {
        await harness.database.db.update(orders).set({ paymentStatus: 'Refunded' }).where(eq(orders.id, id));
      },
    ],
  ])(
    'refuses to approve an order %s with 409, changing nothing, auditing nothing, telling no one',
    async (_case, arrange) => {
      const id = await newOrder({ paid: false });
      await arrange(id);
      const before = await orderRow(id);
      const smsBefore = await outbox();

      const refused = await update(id, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: UNPAID });

      expect(await orderRow(id)).toEqual(before);
      expect(before.status).toBe('pending');
      expect(await auditCount(id)).toBe(0);
      expect(await outbox()).toBe(smsBefore);
    },
  );

  it('approves the same order once it is paid, with its audit entry and the patron’s SMS', async () => {
    const id = await newOrder({ paid: false });
    expect((await update(id, {})).statusCode).toBe(409);
    await payOrder(harness.database.db, id);
    const smsBefore = await outbox();

    const approved = await update(id, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approvedOrders.find((order: { id: number }) => order.id === id)).toMatchObject({
      status: 'approved',
      payment_status: 'Completed',
    });
    expect(await statusOf(id)).toBe('approved');
    expect(await auditCount(id)).toBe(1);
    const sent = (await outbox()).slice(smsBefore.length);
    expect(sent).toContain(`Your Tara Puja is approved for ${addDays(today, 5)}.`);
    expect(sent).toContain(`/orders?oid=${id}`);
  });

  it('still re-dates and declines an unpaid order', async () => {
    const id = await newOrder({ paid: false });
    expect((await update(id, { date: addDays(today, 15) })).statusCode).toBe(200);
    const moved = await orderRow(id);
    expect([moved.status, moved.pujaDate, moved.paymentStatus]).toEqual([
      'pending',
      addDays(today, 15),
      'Pending',
    ]);
    expect((await update(id, { status: 'decline', reason: 'date_unavailable' })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('declined');
    expect(await auditCount(id)).toBe(2);
  });

  it('names the state first when an unpaid order is no longer pending', async () => {
    const id = await newOrder({ paid: false });
    await update(id, { status: 'decline', reason: 'date_unavailable' });
    const refused = await update(id, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a pending order can be approved.');
  });
});

describe('messages', () => {
  it('stores a message the patron then reads, and refuses an empty one or the wrong patron', async () => {
    const id = await newOrder();
    const send = (payload: object) =>
      harness.app.inject({ method: 'POST', url: '/api/message', headers: bearer(staff.a), payload });
    expect((await send({ orderID: id, userID: patron.id, message: '   ' })).statusCode).toBe(422);
    expect((await send({ orderID: id, userID: patron.id + 1000, message: 'Hi' })).statusCode).toBe(422);
    const sent = await send({ orderID: id, userID: patron.id, message: 'We will chant at dawn.' });
    expect(sent.json()).toEqual({ message: 'Message sent successfully' });
    const read = (
      await harness.app.inject({ url: `/api/get-messages/${id}`, headers: bearer(patron.token) })
    ).json();
    expect(read.messages.map((message: { message: string }) => message.message)).toEqual([
      'We will chant at dawn.',
    ]);
  });
});

describe('completing with photos', () => {
  it('needs an approved order and at least one photo', async () => {
    const id = await newOrder();
    expect(
      (await complete(id, [{ bytes: await photo(), type: 'image/jpeg', name: 'a.jpg' }])).statusCode,
    ).toBe(409);
    await update(id, {});
    const none = await complete(id, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Add at least one photo of the puja.');
  });

  it.each([
    [
      'a text file renamed .jpg',
      async () => [
        { bytes: Buffer.from('just some text, not a photo'), type: 'image/jpeg', name: 'notes.jpg' },
      ],
      422,
      'Each file must be a photo (JPEG, PNG, WebP or HEIC).',
    ],
    [
      'a PNG declared as JPEG',
      async () => [{ bytes: await photo('png'), type: 'image/jpeg', name: 'photo.jpg' }],
      422,
      'photo.jpg is sent as image/jpeg but is a PNG image.',
    ],
    [
      'a polyglot: a JPEG carrying a script',
      async () => [
        {
          bytes: Buffer.concat([await photo(), Buffer.from('<script>alert(1)</script>')]),
          type: 'image/jpeg',
          name: 'x.jpg',
        },
      ],
      422,
      'x.jpg contains more than a picture and was refused.',
    ],
    [
      'an oversized file',
      async () => [{ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), type: 'image/jpeg', name: 'big.jpg' }],
      413,
      'Each file can be at most 10 MB.',
    ],
    [
      'too many files',
      async () =>
        Array.from({ length: 11 }, (_, index) => ({
          bytes: Buffer.from([index]),
          type: 'image/jpeg',
          name: `${index}.jpg`,
        })),
      413,
      'At most 10 files at a time.',
    ],
  ])('refuses %s with a clear message and changes nothing', async (_case, files, status, message) => {
    const id = await newOrder();
    await update(id, {});
    const good = { bytes: await photo(), type: 'image/jpeg', name: 'good.jpg' };
    const response = await complete(id, [good, ...(await files())]);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await statusOf(id)).toBe('approved');
    expect(await harness.database.db.$count(orderImages, eq(orderImages.orderId, id))).toBe(0);
  });

  it('keeps none of the photos when the disk refuses one of them (507), and the order stays approved', async () => {
    const id = await newOrder();
    await update(id, {});
    // The disk fills up after the first photo: the second write fails as a full disk's does.
    const { storage } = harness.app;
    const save = storage.savePrivate;
    let writes = 0;
    storage.savePrivate = async (key, bytes) => {
      writes += 1;
      if (writes === 2) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return save.call(storage, key, bytes);
    };
    let response: Awaited<ReturnType<typeof complete>>;
    try {
      const file = async (name: string) => ({ bytes: await photo(), type: 'image/jpeg', name });
      response = await complete(id, [await file('one.jpg'), await file('two.jpg')]);
    } finally {
      storage.savePrivate = save;
    }
    expect(response.statusCode).toBe(507);
    expect(response.json().message).toBe(ERROR_MESSAGES.storageFull);
    expect(await statusOf(id)).toBe('approved');
    expect(await harness.database.db.$count(orderImages, eq(orderImages.orderId, id))).toBe(0);
    const kept = await fs
      .readdir(path.join(harness.dataDirectory, 'private', 'order-images', String(id)))
      .catch(() => []);
    expect(kept).toEqual([]);
  });

  it('completes the order, keeps clean re-encoded photos, and shows them through expiring signed links', async () => {
    const id = await newOrder();
    await update(id, {});
    const done = await complete(id, [
      { bytes: await photo('jpeg'), type: 'image/jpeg', name: 'one.jpg' },
      { bytes: await photo('png'), type: 'application/octet-stream', name: 'two.png' },
    ]);
    expect(done.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('completed');
    expect((await update(id, {})).statusCode).toBe(409);

    const { images } = (
      await harness.app.inject({ url: `/api/get-messages/${id}`, headers: bearer(patron.token) })
    ).json();
    expect(images).toHaveLength(2);
    const image = await harness.app.inject({ url: images[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(image.rawPayload.toString('latin1')).not.toContain('secret-location-data');

    const tampered = images[0].url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await harness.app.inject({ url: tampered })).statusCode).toBe(403);
    const otherImage = images[0].url.replace(
      `/api/order-images/${images[0].id}`,
      `/api/order-images/${images[1].id}`,
    );
    expect((await harness.app.inject({ url: otherImage })).statusCode).toBe(403);
    const expired = images[0].url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await harness.app.inject({ url: expired })).statusCode).toBe(403);
  });
});
