import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../test/catalogue-fixtures.ts';
import { insertOrder, insertPerson } from '../../test/order-fixtures.ts';
import { versionOf } from '../../test/record-versions.ts';
import { bearer, freshAddress, signInByPhone } from '../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';

/** Sessions and access that must end when something changes: a new password, a removed monastery. */
let harness: TestApp;
let admin = { token: '', id: 0 };

beforeAll(async () => {
  harness = await createTestApp();
  const session = await signInByPhone(harness, '9819300001');
  await harness.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
  admin = { token: session.token, id: session.user.id };
});
afterAll(() => harness.close());

const me = (token: string) => harness.app.inject({ url: '/api/me', headers: bearer(token) });

async function staffOf(monasteryId: number, phone: string) {
  const session = await signInByPhone(harness, phone);
  await harness.database.db
    .update(users)
    .set({ role: 'monastery', monasteryId, email: `${phone}@example.org` })
    .where(eq(users.id, session.user.id));
  return session;
}

describe('a password set by an administrator', () => {
  it('signs the person out', async () => {
    const monastery = await insertMonastery(harness.database.db, { slug: 'password-gompa' });
    const staff = await staffOf(monastery.id, '9819300002');
    expect((await me(staff.token)).statusCode).toBe(200);
    const changed = await harness.app.inject({
      method: 'POST',
      url: `/api/user/${staff.user.id}`,
      headers: bearer(admin.token),
      payload: {
        _method: 'patch',
        name: 'Staff Member',
        email: '9819300002@example.org',
        phone: '9819300002',
        role: 'monastery',
        monastery: monastery.id,
        password: 'new-lotus-1',
        cpassword: 'new-lotus-1',
        version: await versionOf(harness.database.db, 'user', staff.user.id),
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(staff.token)).statusCode).toBe(401);
    // The administrator who did it stays signed in, and the new password works.
    expect((await me(admin.token)).statusCode).toBe(200);
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: freshAddress(),
      payload: { email: '9819300002@example.org', password: 'new-lotus-1' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('staff of a removed monastery', () => {
  it('are refused (403) its orders and everything else that needs a session', async () => {
    const monastery = await insertMonastery(harness.database.db, { slug: 'removed-gompa' });
    const staff = await staffOf(monastery.id, '9819300003');
    const { db } = harness.database;
    const offering = await offer(db, monastery.id, (await insertPuja(db, { slug: 'removed-puja' })).id, 1000);
    await insertOrder(db, offering, { userId: (await insertPerson(db)).id });
    expect((await harness.app.inject({ url: '/api/order', headers: bearer(staff.token) })).statusCode).toBe(
      200,
    );
    const removed = await harness.app.inject({
      method: 'DELETE',
      url: `/api/monastery/${monastery.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    for (const url of ['/api/order', '/api/me', '/api/monastery-puja']) {
      const refused = await harness.app.inject({ url, headers: bearer(staff.token) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toMatch(/monastery has been removed/);
    }
    // Its open order is flagged to administrators.
    const stats = await harness.app.inject({ url: '/api/admin/stats', headers: bearer(admin.token) });
    expect(stats.json().attention).toEqual({ openOrdersAtRemovedMonasteries: 1 });
    // Public pages still answer them, as anyone.
    expect(
      (await harness.app.inject({ url: '/api/monastery', headers: bearer(staff.token) })).statusCode,
    ).toBe(200);
  });
});
