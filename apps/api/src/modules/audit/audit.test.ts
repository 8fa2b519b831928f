import { randomUUID } from 'node:crypto';
import { AUDIT_PAGE_SIZE, type AuditEntry, addDays, auditLogResponseSchema, todayIn } from '@puja/contract';
import { eq, max } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { bringPujaDayToToday } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { insertOrder, insertPerson, payOrder } from '../../../test/order-fixtures.ts';
import { asFormSends } from '../../../test/record-versions.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, monasteries, monasteryPujas, users } from '../../db/schema/index.ts';
import { createCatalogueService } from '../catalogue/catalogue.service.ts';
import { createCatalogueAdminService } from '../catalogue/catalogue-admin.service.ts';
import { AuditSecretFieldError, changedFields, recordAudit } from './audit.service.ts';

let harness: TestApp;
const people = {
  admin: { token: '', id: 0 },
  patron: { token: '', id: 0 },
  staffA: { token: '', id: 0 },
  staffB: { token: '', id: 0 },
};
const ids = { monasteryA: 0, monasteryB: 0, tara: 0, lamp: 0 };
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  // Signing in twice from one number, as a second device does, without waiting a minute.
  harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '0' } });
  const { db } = harness.database;
  const a = await insertMonastery(db, { slug: 'audit-a', name: 'Gompa A' });
  const b = await insertMonastery(db, { slug: 'audit-b', name: 'Gompa B' });
  const tara = await insertPuja(db, { slug: 'audit-tara', name: 'Tara Puja' });
  const lamp = await insertPuja(db, { slug: 'audit-lamp', name: 'Lamp Offering' });
  await offer(db, a.id, tara.id, 2500);
  Object.assign(ids, { monasteryA: a.id, monasteryB: b.id, tara: tara.id, lamp: lamp.id });
  const signIn = async (phone: string, changes: Partial<typeof users.$inferInsert>) => {
    const session = await signInByPhone(harness, phone);
    await db.update(users).set(changes).where(eq(users.id, session.user.id));
    return { token: session.token, id: session.user.id };
  };
  people.admin = await signIn('9816000001', { role: 'admin', name: 'Asha Admin' });
  people.patron = await signIn('9816000002', { name: 'Pema Patron' });
  people.staffA = await signIn('9816000003', { role: 'monastery', monasteryId: a.id, name: 'Sonam A' });
  people.staffB = await signIn('9816000004', { role: 'monastery', monasteryId: b.id, name: 'Tashi B' });
});
afterAll(() => harness.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A request as the app's forms send it: an edit carries the record's version as stored now. */
const call = async (method: Method, url: string, token: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: await asFormSends(harness.database.db, method, url, payload) } : {}),
  });
const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#225588' } })
    .jpeg()
    .toBuffer();
async function sendItem(method: 'POST' | 'PATCH', url: string, token: string, fields: object, image = true) {
  const sent = await asFormSends(harness.database.db, method, url, fields);
  const body = await multipart(
    Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, String(value)])),
    image ? [{ field: 'image', bytes: await picture(), type: 'image/jpeg', name: 'picture.jpg' }] : [],
  );
  return harness.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const newestEntryId = async () =>
  (await harness.database.db.select({ id: max(auditEntries.id) }).from(auditEntries))[0]?.id ?? 0;
const readLog = async (query = '') => {
  const response = await call('GET', `/api/admin/audit-log${query}`, people.admin.token);
  expect(response.statusCode).toBe(200);
  return auditLogResponseSchema.parse(response.json());
};

/** Runs a write and answers with the entries it left (oldest first), read through the endpoint. */
async function audited(write: () => Promise<{ statusCode: number; body: string }>) {
  const since = await newestEntryId();
  const response = await write();
  const entries = (await readLog()).entries.filter((entry) => entry.id > since).reverse();
  return { response, entries };
}
/** A write that must succeed and leave exactly one entry. */
async function oneEntry(write: () => Promise<{ statusCode: number; body: string }>): Promise<AuditEntry> {
  const { response, entries } = await audited(write);
  expect(response.statusCode, response.body).toBe(200);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}
const actor = (who: keyof typeof people, name: string, role: string) => ({ id: people[who].id, name, role });

describe('an administrator’s catalogue writes', () => {
  const fields = { name: 'Audit Gompa', description: 'Recorded.', status: 1 };

  it('records a monastery’s creation, update (changed fields only), deletion and archiving', async () => {
    const created = await oneEntry(() => sendItem('POST', '/api/monastery', people.admin.token, fields));
    const [row] = await harness.database.db
      .select()
      .from(monasteries)
      .where(eq(monasteries.slug, 'audit-gompa'));
    expect(created).toMatchObject({
      actor: actor('admin', 'Asha Admin', 'admin'),
      action: 'create',
      subject: 'monastery',
      subjectId: row!.id,
      before: null,
      after: {
        slug: 'audit-gompa',
        name: 'Audit Gompa',
        description: 'Recorded.',
        status: 1,
        image_path: row!.imagePath,
      },
    });
    expect(Date.now() - Date.parse(created.at)).toBeLessThan(60_000);

    const updated = await oneEntry(() =>
      sendItem(
        'PATCH',
        `/api/monastery/${row!.id}`,
        people.admin.token,
        { ...fields, name: 'Audit Gompa Renamed', status: 0 },
        false,
      ),
    );
    expect(updated).toMatchObject({ action: 'update', subject: 'monastery', subjectId: row!.id });
    expect(updated.before).toEqual({ name: 'Audit Gompa', status: 1 });
    expect(updated.after).toEqual({ name: 'Audit Gompa Renamed', status: 0 });

    const deleted = await oneEntry(() => call('DELETE', `/api/monastery/${row!.id}`, people.admin.token));
    expect(deleted).toMatchObject({
      action: 'delete',
      subject: 'monastery',
      subjectId: row!.id,
      after: null,
    });
    expect(deleted.before).toMatchObject({ name: 'Audit Gompa Renamed', status: 0, slug: 'audit-gompa' });

    const ordered = await insertMonastery(harness.database.db, { slug: 'audit-ordered' });
    const offering = await offer(harness.database.db, ordered.id, ids.tara, 100);
    await insertOrder(harness.database.db, offering, { userId: people.patron.id });
    const archived = await oneEntry(() => call('DELETE', `/api/monastery/${ordered.id}`, people.admin.token));
    expect(archived).toMatchObject({ action: 'archive', subject: 'monastery', subjectId: ordered.id });
    expect(archived.before).toMatchObject({ slug: 'audit-ordered' });
    expect(archived.after).toEqual({ archived_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('records a puja’s creation, update, archiving and deletion', async () => {
    const created = await oneEntry(() =>
      sendItem('POST', '/api/puja', people.admin.token, { ...fields, name: 'Audit Puja' }),
    );
    expect(created).toMatchObject({ action: 'create', subject: 'puja', before: null });
    expect(created.after).toMatchObject({ name: 'Audit Puja', slug: 'audit-puja', status: 1 });

    const updated = await oneEntry(() =>
      sendItem(
        'PATCH',
        `/api/puja/${created.subjectId}`,
        people.admin.token,
        { ...fields, name: 'Audit Puja', description: 'Longer.' },
        false,
      ),
    );
    expect([updated.before, updated.after]).toEqual([
      { description: 'Recorded.' },
      { description: 'Longer.' },
    ]);

    const deleted = await oneEntry(() =>
      call('DELETE', `/api/puja/${created.subjectId}`, people.admin.token),
    );
    expect(deleted).toMatchObject({
      action: 'delete',
      subject: 'puja',
      subjectId: created.subjectId,
      after: null,
    });

    const orderedPuja = await insertPuja(harness.database.db, { slug: 'audit-ordered-puja' });
    const offering = await offer(harness.database.db, ids.monasteryB, orderedPuja.id, 100);
    await insertOrder(harness.database.db, offering, { userId: people.patron.id });
    const archived = await oneEntry(() => call('DELETE', `/api/puja/${orderedPuja.id}`, people.admin.token));
    expect(archived).toMatchObject({ action: 'archive', subject: 'puja', subjectId: orderedPuja.id });
  });
});

describe('an administrator’s user writes', () => {
  const form = {
    name: 'Karma Tsering',
    email: 'karma.audit@example.org',
    phone: '9816000100',
    role: 'user',
    password: 'lotus-secret-123',
    cpassword: 'lotus-secret-123',
  };

  it('records a user’s creation without the password, its hash or any secret field', async () => {
    const created = await oneEntry(() => call('POST', '/api/user', people.admin.token, form));
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, form.email));
    expect(created).toMatchObject({
      actor: actor('admin', 'Asha Admin', 'admin'),
      action: 'create',
      subject: 'user',
      subjectId: row!.id,
      before: null,
    });
    expect(created.after).toEqual({
      name: 'Karma Tsering',
      email: 'karma.audit@example.org',
      phone: '+9779816000100',
      role: 'user',
      monastery_id: null,
    });
    const stored = await harness.database.db.select().from(auditEntries);
    const everything = JSON.stringify([stored, (await readLog()).entries]);
    expect(row!.passwordHash).toMatch(/^\$argon2/);
    for (const secret of [
      'lotus-secret-123',
      row!.passwordHash!,
      '$argon2',
      '"password"',
      'cpassword',
      'hash',
    ])
      expect(everything).not.toContain(secret);
  });

  it('records an update with the changed fields and the fact, not the value, of a new password', async () => {
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, form.email));
    const noPassword = await oneEntry(() =>
      call('PATCH', `/api/user/${row!.id}`, people.admin.token, {
        ...form,
        role: 'monastery',
        monastery: ids.monasteryA,
        password: '',
        cpassword: '',
      }),
    );
    expect(noPassword).toMatchObject({ action: 'update', subject: 'user', subjectId: row!.id });
    expect(noPassword.before).toEqual({ role: 'user', monastery_id: null });
    expect(noPassword.after).toEqual({ role: 'monastery', monastery_id: ids.monasteryA });

    const newPassword = await oneEntry(() =>
      call('PATCH', `/api/user/${row!.id}`, people.admin.token, {
        ...form,
        role: 'monastery',
        monastery: ids.monasteryA,
        password: 'another-secret',
        cpassword: 'another-secret',
      }),
    );
    expect(newPassword.before).toEqual({});
    expect(newPassword.after).toEqual({ password_changed: true });
    expect(JSON.stringify(newPassword)).not.toContain('another-secret');

    // Saving the form again unchanged answers 200 and leaves nothing to answer for.
    const unchanged = await audited(() =>
      call('PATCH', `/api/user/${row!.id}`, people.admin.token, {
        ...form,
        role: 'monastery',
        monastery: ids.monasteryA,
        password: '',
        cpassword: '',
      }),
    );
    expect(unchanged.response.statusCode, unchanged.response.body).toBe(200);
    expect(unchanged.entries).toEqual([]);
  });

  it('records deleting a user without history, archiving one with history, and signing someone out', async () => {
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, form.email));
    const deleted = await oneEntry(() => call('DELETE', `/api/user/${row!.id}`, people.admin.token));
    expect(deleted).toMatchObject({ action: 'delete', subject: 'user', subjectId: row!.id, after: null });
    // Who it was, never how to reach them.
    expect(deleted.before).toEqual({ name: form.name, role: 'monastery', monastery_id: expect.any(Number) });

    const withOrders = await insertPerson(harness.database.db, { name: 'Old Patron' });
    const offering = await offer(harness.database.db, ids.monasteryB, ids.lamp, 10);
    await insertOrder(harness.database.db, offering, { userId: withOrders.id });
    const archived = await oneEntry(() => call('DELETE', `/api/user/${withOrders.id}`, people.admin.token));
    expect(archived).toMatchObject({ action: 'archive', subject: 'user', subjectId: withOrders.id });
    expect(archived.before).toMatchObject({ name: 'Old Patron', role: 'user' });
    expect(archived.after).toEqual({ archived_at: expect.any(String) });

    const phone = await signInByPhone(harness, '9816000005');
    const laptop = await signInByPhone(harness, '9816000005');
    const revoked = await oneEntry(() =>
      call('POST', `/api/user/${phone.user.id}/revoke-sessions`, people.admin.token),
    );
    expect(revoked).toMatchObject({
      action: 'revoke-sessions',
      subject: 'user',
      subjectId: phone.user.id,
      before: null,
      after: { revoked_sessions: 2 },
    });
    expect(JSON.stringify(revoked)).not.toContain(laptop.token);
  });

  it('keeps a person who made audit entries: deleting them archives instead of failing', async () => {
    const staff = await signInByPhone(harness, '9816000110');
    await harness.database.db
      .update(users)
      .set({ role: 'monastery', monasteryId: ids.monasteryB })
      .where(eq(users.id, staff.user.id));
    await oneEntry(() => call('POST', '/api/monastery-puja', staff.token, { puja: ids.tara, cost: 700 }));
    const removed = await oneEntry(() => call('DELETE', `/api/user/${staff.user.id}`, people.admin.token));
    expect(removed.action).toBe('archive');
    const log = await readLog();
    expect(log.entries.find((entry) => entry.actor.id === staff.user.id)?.actor.role).toBe('monastery');
  });
});

describe('a monastery’s staff writes', () => {
  async function placeOrder(): Promise<number> {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(people.patron.token),
      payload: {
        monastery: ids.monasteryA,
        puja: ids.tara,
        cost: 2500,
        date: addDays(today, 5),
        payment: 'esewa',
        idempotency_key: randomUUID(),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order.id;
  }
  const handle = (id: number, payload: object, token = people.staffA.token) =>
    call('PATCH', `/api/order/${id}`, token, payload);

  it('records approving, re-dating, declining, messaging and completing an order; a patron’s order is not a staff write', async () => {
    const { entries: byPatron } = await audited(async () => ({
      statusCode: 200,
      body: String(await placeOrder()),
    }));
    expect(byPatron).toEqual([]);

    const redated = await placeOrder();
    const moved = await oneEntry(() => handle(redated, { date: addDays(today, 30) }));
    expect(moved).toMatchObject({
      actor: actor('staffA', 'Sonam A', 'monastery'),
      action: 'redate',
      subject: 'order',
      subjectId: redated,
      before: { date: addDays(today, 5) },
      after: { date: addDays(today, 30) },
    });

    const declined = await oneEntry(() =>
      handle(redated, { status: 'decline', reason: 'other', reason_note: 'The lama is travelling.' }),
    );
    expect(declined).toMatchObject({
      action: 'decline',
      before: { status: 'pending' },
      after: { status: 'declined', decline_reason: 'other', decline_note: 'The lama is travelling.' },
    });

    // Only a paid order can be approved (docs/decisions/009); paying is the patron's, not a staff write.
    const approvedId = await placeOrder();
    const { entries: byPayment } = await audited(async () => {
      await payOrder(harness.database.db, approvedId);
      return { statusCode: 200, body: '' };
    });
    expect(byPayment).toEqual([]);
    const approved = await oneEntry(() => handle(approvedId, {}));
    expect(approved).toMatchObject({
      action: 'approve',
      subjectId: approvedId,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    const message = await oneEntry(() =>
      call('POST', '/api/message', people.staffA.token, {
        orderID: approvedId,
        userID: people.patron.id,
        message: 'Your puja is on Saturday.',
      }),
    );
    expect(message).toMatchObject({
      action: 'message',
      subject: 'order',
      subjectId: approvedId,
      before: null,
    });
    expect(message.after).toEqual({ message_id: expect.any(Number), to_user_id: people.patron.id });

    await bringPujaDayToToday(harness.database.db, approvedId);
    const body = await multipart({ order_id: String(approvedId) }, [
      { field: 'files[]', bytes: await picture(), type: 'image/jpeg', name: 'done.jpg' },
    ]);
    const completed = await oneEntry(() =>
      harness.app.inject({
        method: 'PATCH',
        url: '/api/complete-puja',
        headers: { ...bearer(people.staffA.token), ...body.headers },
        payload: body.payload,
      }),
    );
    expect(completed).toMatchObject({
      action: 'complete',
      subjectId: approvedId,
      before: { status: 'approved' },
      after: { status: 'completed', photos: 1 },
    });
  });

  it('records offering a puja, re-pricing it, removing it (deleted or archived) and offering it again', async () => {
    const added = await oneEntry(() =>
      call('POST', '/api/monastery-puja', people.staffA.token, { puja: ids.lamp, cost: 1200.5 }),
    );
    expect(added).toMatchObject({
      actor: actor('staffA', 'Sonam A', 'monastery'),
      action: 'create',
      subject: 'monastery_puja',
      before: null,
      after: { monastery_id: ids.monasteryA, puja_id: ids.lamp, puja_name: 'Lamp Offering', cost: 1200.5 },
    });
    const pivotId = added.subjectId;

    const repriced = await oneEntry(() =>
      call('PATCH', `/api/monastery-puja/${pivotId}`, people.staffA.token, { puja: ids.lamp, cost: 1300 }),
    );
    expect(repriced).toMatchObject({
      action: 'update',
      subjectId: pivotId,
      before: { cost: 1200.5 },
      after: { cost: 1300 },
    });

    const removed = await oneEntry(() =>
      call('DELETE', `/api/monastery-puja/${pivotId}`, people.staffA.token),
    );
    expect(removed).toMatchObject({ action: 'delete', subjectId: pivotId, after: null });
    expect(removed.before).toMatchObject({ puja_id: ids.lamp, cost: 1300 });

    const again = await oneEntry(() =>
      call('POST', '/api/monastery-puja', people.staffA.token, { puja: ids.lamp, cost: 900 }),
    );
    const [offering] = await harness.database.db
      .select()
      .from(monasteryPujas)
      .where(eq(monasteryPujas.id, again.subjectId));
    await insertOrder(harness.database.db, offering!, { userId: people.patron.id });
    const archived = await oneEntry(() =>
      call('DELETE', `/api/monastery-puja/${again.subjectId}`, people.staffA.token),
    );
    expect(archived).toMatchObject({ action: 'archive', subjectId: again.subjectId });
    expect(archived.after).toEqual({ archived_at: expect.any(String) });

    const revived = await oneEntry(() =>
      call('POST', '/api/monastery-puja', people.staffA.token, { puja: ids.lamp, cost: 950 }),
    );
    expect(revived).toMatchObject({
      action: 'update',
      subject: 'monastery_puja',
      subjectId: again.subjectId,
    });
    expect(revived.before).toEqual({ cost: 900, archived_at: archived.after!.archived_at });
    expect(revived.after).toEqual({ cost: 950, archived_at: null });
  });

  it('records creating and editing a special puja, its price included', async () => {
    const created = await oneEntry(() =>
      sendItem('POST', '/api/monastery-special-puja', people.staffA.token, {
        name: 'Gompa A Butter Lamps',
        description: 'Only here.',
        status: 1,
        cost: 333,
      }),
    );
    expect(created).toMatchObject({ action: 'create', subject: 'puja', before: null });
    expect(created.after).toMatchObject({
      name: 'Gompa A Butter Lamps',
      monastery_id: ids.monasteryA,
      cost: 333,
      status: 1,
    });
    const list = (await call('GET', '/api/monastery-puja', people.staffA.token)).json();
    const pivotId = list.monasteryPuja.pujas.find((puja: { id: number }) => puja.id === created.subjectId)
      .pivot.id;

    const edited = await oneEntry(() =>
      sendItem(
        'PATCH',
        `/api/monastery-special-puja/${pivotId}`,
        people.staffA.token,
        { name: 'Gompa A Butter Lamps', description: 'Only here.', status: 0, cost: 444 },
        false,
      ),
    );
    expect(edited).toMatchObject({ action: 'update', subject: 'puja', subjectId: created.subjectId });
    expect(edited.before).toEqual({ status: 1, cost: 333 });
    expect(edited.after).toEqual({ status: 0, cost: 444 });
  });
});

describe('refused writes', () => {
  it('leave no entry: 400, 403, 404, 409 and 422 alike', async () => {
    const { db } = harness.database;
    const refusedPuja = await insertPuja(db, { slug: 'audit-refused' });
    const pending = await insertOrder(db, await offer(db, ids.monasteryA, refusedPuja.id, 50), {
      userId: people.patron.id,
      pujaDate: addDays(today, 3),
    });
    const declined = await insertOrder(db, await offer(db, ids.monasteryB, refusedPuja.id, 60), {
      userId: people.patron.id,
      status: 'declined',
    });
    const refusals: [number, () => Promise<{ statusCode: number; body: string }>][] = [
      // 400: the spec's user form errors (a phone already taken, passwords that differ)
      [
        400,
        () =>
          call('POST', '/api/user', people.admin.token, {
            name: 'Some One',
            email: 'nobody@example.org',
            phone: '9816000002',
            role: 'user',
            password: 'abcdef',
            cpassword: 'abcdefg',
          }),
      ],
      // 403: another monastery's order; a patron on an admin write
      [403, () => call('PATCH', `/api/order/${pending.id}`, people.staffB.token, {})],
      [
        403,
        () =>
          sendItem('POST', '/api/monastery', people.patron.token, {
            name: 'Nope',
            description: 'x',
            status: 1,
          }),
      ],
      // 404: an unknown row
      [404, () => call('DELETE', '/api/monastery/999999', people.admin.token)],
      // 409: a state that does not allow it; an administrator demoting themselves
      [409, () => call('PATCH', `/api/order/${declined.id}`, people.staffB.token, {})],
      // 409: approving an order that is not paid yet
      [409, () => call('PATCH', `/api/order/${pending.id}`, people.staffA.token, {})],
      // 409 found inside the write's transaction, after the row was locked: it rolls back with nothing kept
      [409, () => call('POST', '/api/monastery-puja', people.staffA.token, { puja: ids.tara, cost: 100 })],
      [
        409,
        () =>
          call('PATCH', `/api/user/${people.admin.id}`, people.admin.token, {
            name: 'Asha Admin',
            email: 'asha@example.org',
            phone: '9816000001',
            role: 'user',
          }),
      ],
      // 422: no picture; a date in the past
      [
        422,
        () =>
          sendItem(
            'POST',
            '/api/monastery',
            people.admin.token,
            { name: 'No Picture', description: 'x', status: 1 },
            false,
          ),
      ],
      [
        422,
        () => call('PATCH', `/api/order/${pending.id}`, people.staffA.token, { date: addDays(today, -2) }),
      ],
    ];
    for (const [status, write] of refusals) {
      const { response, entries } = await audited(write);
      expect(response.statusCode, response.body).toBe(status);
      expect(entries).toEqual([]);
    }
  });

  it('roll the change back when its entry cannot be written: the two commit together or not at all', async () => {
    const { db } = harness.database;
    const service = createCatalogueAdminService({
      db,
      catalogue: createCatalogueService({ db }),
      storage: harness.app.storage,
      catalogueChanged: async () => undefined,
    });
    const unused = await insertMonastery(db, { slug: 'audit-never-deleted' });
    const entriesBefore = await db.$count(auditEntries);
    // Someone who does not exist cannot be the actor (foreign key): then the deletion must not stay either.
    await expect(
      service.deleteMonastery({ id: 987654, role: 'admin' } as never, unused.id),
    ).rejects.toThrow();
    expect(await db.$count(monasteries, eq(monasteries.id, unused.id))).toBe(1);
    expect(await db.$count(auditEntries)).toBe(entriesBefore);

    await expect(
      db.transaction(async (tx) => {
        await tx.update(monasteries).set({ name: 'Changed' }).where(eq(monasteries.id, ids.monasteryB));
        await recordAudit(tx, {
          actor: { id: people.admin.id, role: 'admin' },
          action: 'update',
          subject: 'monastery',
          subjectId: ids.monasteryB,
          before: null,
          after: { password_hash: 'x' },
        });
      }),
    ).rejects.toBeInstanceOf(AuditSecretFieldError);
    const [unchanged] = await db.select().from(monasteries).where(eq(monasteries.id, ids.monasteryB));
    expect(unchanged!.name).toBe('Gompa B');
  });

  it('keeps only changed fields in an update', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: 2 })).toEqual({
      before: { b: 'x', c: null },
      after: { b: 'y', c: 2 },
    });
  });
});

describe('reading the audit log', () => {
  it('is for administrators only: visitors 401, patrons and staff 403', async () => {
    expect((await harness.app.inject('/api/admin/audit-log')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/audit-log', people.patron.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit-log', people.staffA.token)).statusCode).toBe(403);
  });

  it('pages newest first with `before`, and filters by subject', async () => {
    const { db } = harness.database;
    await db.transaction(async (tx) => {
      for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index += 1)
        await recordAudit(tx, {
          actor: { id: people.admin.id, role: 'admin' },
          action: 'revoke-sessions',
          subject: 'user',
          subjectId: people.patron.id,
          before: null,
          after: { revoked_sessions: index },
        });
    });
    const total = await db.$count(auditEntries);
    expect(total).toBeGreaterThan(AUDIT_PAGE_SIZE + 5);

    const seen: number[] = [];
    let before: number | null | undefined;
    let pages = 0;
    do {
      const page = await readLog(before ? `?before=${before}` : '');
      pages += 1;
      expect(page.entries.length).toBe(page.nextBefore === null ? total - seen.length : AUDIT_PAGE_SIZE);
      seen.push(...page.entries.map((entry) => entry.id));
      before = page.nextBefore;
    } while (before);
    expect(pages).toBe(Math.ceil(total / AUDIT_PAGE_SIZE));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(total);

    const userEntries = await db.$count(auditEntries, eq(auditEntries.subjectType, 'user'));
    const first = await readLog('?subject=user');
    expect(first.entries.every((entry) => entry.subject === 'user')).toBe(true);
    expect(first.entries[0]!.after).toEqual({ revoked_sessions: AUDIT_PAGE_SIZE + 4 });
    const second = await readLog(`?subject=user&before=${first.nextBefore}`);
    expect(second.entries.every((entry) => entry.subject === 'user')).toBe(true);
    expect(first.entries.length + second.entries.length).toBe(userEntries);
    expect(second.nextBefore).toBeNull();
    expect((await readLog('?subject=order')).entries.every((entry) => entry.subject === 'order')).toBe(true);
  });

  it('filters by who (part of the name or e-mail, any case), what (action, subject) and when (Nepal days)', async () => {
    const { db } = harness.database;
    await db.update(users).set({ email: 'sonam.a@example.org' }).where(eq(users.id, people.staffA.id));
    // Three entries with known moments: Sonam's message late on a Nepal day (18:30 UTC is 00:15 the next
    // day in Kathmandu), Tashi's decline, and Asha's archive of a monastery.
    const write = (
      who: 'staffA' | 'staffB' | 'admin',
      action: 'message' | 'decline' | 'archive',
      at: string,
    ) =>
      db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { id: people[who].id, role: who === 'admin' ? 'admin' : 'monastery' },
          action,
          subject: action === 'archive' ? 'monastery' : 'order',
          subjectId: 424242,
          before: null,
          after: { marker: `filters-${action}` },
        });
        await tx
          .update(auditEntries)
          .set({ createdAt: new Date(at) })
          .where(
            eq(auditEntries.id, (await tx.select({ id: max(auditEntries.id) }).from(auditEntries))[0]!.id!),
          );
      });
    await write('staffA', 'message', '2020-03-01T18:30:00Z');
    await write('staffB', 'decline', '2020-03-03T06:00:00Z');
    await write('admin', 'archive', '2020-03-05T06:00:00Z');
    const markers = async (query: string) =>
      (await readLog(query)).entries
        .map((entry) => entry.after?.marker)
        .filter((marker) => typeof marker === 'string' && marker.startsWith('filters-'));

    expect(await markers('?from=2020-03-01&to=2020-03-31')).toEqual([
      'filters-archive',
      'filters-decline',
      'filters-message',
    ]);
    // 18:30 UTC on 1 March is 2 March in Nepal: the day it belongs to is Nepal's.
    expect(await markers('?from=2020-03-02&to=2020-03-02')).toEqual(['filters-message']);
    expect(await markers('?to=2020-03-01')).toEqual([]);
    expect(await markers('?from=2020-03-03&to=2020-03-04')).toEqual(['filters-decline']);
    expect(await markers('?actor=SONAM')).toEqual(['filters-message']);
    expect(await markers('?actor=sonam.a%40example')).toEqual(['filters-message']);
    expect(await markers('?actor=tashi&action=message')).toEqual([]);
    expect(await markers('?action=decline')).toEqual(['filters-decline']);
    expect(await markers('?action=archive&subject=monastery&from=2020-03-05&to=2020-03-05')).toEqual([
      'filters-archive',
    ]);
    // Text is looked for as typed: a LIKE wildcard matches nothing by itself.
    expect((await readLog('?actor=%25')).entries).toEqual([]);
    // Every filter together still pages with `before`.
    const all = await readLog('?from=2020-03-01&to=2020-03-31');
    const older = await readLog(`?from=2020-03-01&to=2020-03-31&before=${all.entries[0]!.id}`);
    expect(older.entries.map((entry) => entry.id)).toEqual(all.entries.slice(1).map((entry) => entry.id));
    // The filters are for administrators as the log is.
    expect((await call('GET', '/api/admin/audit-log?actor=a', people.staffA.token)).statusCode).toBe(403);
  });

  it('refuses a malformed query with the field named', async () => {
    for (const query of [
      '?subject=everything',
      '?before=0',
      '?before=abc',
      '?before=-3',
      '?action=restore-everything',
      '?from=2026-02-30',
      '?to=yesterday',
      `?actor=${'a'.repeat(101)}`,
    ]) {
      const response = await call('GET', `/api/admin/audit-log${query}`, people.admin.token);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).join(), query).toMatch(
        /subject|before|action|from|to|actor/,
      );
    }
  });

  it('appears in the OpenAPI document beside the stats', async () => {
    const document = (await harness.app.inject('/api/openapi.json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/admin/audit-log', '/api/admin/stats']),
    );
  });
});
