import { addDays, todayIn, USERS_PAGE_SIZE } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { asFormSends } from '../../../test/record-versions.ts';
import { bearer, freshAddress, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

let harness: TestApp;
let admin = { token: '', id: 0 };
let monasteryId = 0;

beforeAll(async () => {
  harness = await createTestApp();
  const session = await signInByPhone(harness, '9819100001');
  await harness.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
  admin = { token: session.token, id: session.user.id };
  monasteryId = (await insertMonastery(harness.database.db, { slug: 'users-gompa' })).id;
});
afterAll(() => harness.close());

const form = (overrides: object = {}) => ({
  name: 'Karma Tsering',
  email: 'karma@example.org',
  phone: '9819100010',
  role: 'monastery',
  monastery: monasteryId,
  password: 'lotus123',
  cpassword: 'lotus123',
  ...overrides,
});
const create = (payload: object, token = admin.token) =>
  harness.app.inject({ method: 'POST', url: '/api/user', headers: bearer(token), payload });

describe('creating users', () => {
  it('creates a staff member who can then sign in with e-mail and password', async () => {
    const response = await create(form());
    expect(response.statusCode).toBe(200);
    const created = response
      .json()
      .users.find((user: { email: string }) => user.email === 'karma@example.org');
    expect(created).toMatchObject({ role: 'monastery', monastery_id: monasteryId, phone: '+9779819100010' });
    expect(JSON.stringify(response.json())).not.toMatch(/password|lotus123|argon/i);
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: freshAddress(),
      payload: { email: 'KARMA@example.org', password: 'lotus123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('monastery');
  });

  it('answers the spec’s field errors with 400, each on its own field, and creates nothing', async () => {
    const before = await harness.database.db.$count(users);
    const taken = await create(form({ phone: '9819100011' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ email: ['Email already exists'] });
    const short = await create(
      form({ email: 'new@example.org', phone: '9819100012', password: 'abc', cpassword: 'abc' }),
    );
    expect(short.json().errors).toEqual({ password: ['Password must be at least 6 characters.'] });
    const mismatch = await create(
      form({ email: 'new@example.org', phone: '9819100012', cpassword: 'lotus124' }),
    );
    expect(mismatch.json().errors).toEqual({ cpassword: ['Password and Confirm Password do not match.'] });
    const all = await create(form({ phone: '9819100010', password: '1', cpassword: '2' }));
    expect(Object.keys(all.json().errors).sort()).toEqual(['cpassword', 'email', 'password', 'phone']);
    expect(await harness.database.db.$count(users)).toBe(before);
  });

  it('refuses an administrator role, staff without a monastery, and malformed fields', async () => {
    expect(
      (await create(form({ email: 'a1@example.org', phone: '9819100020', role: 'admin' }))).statusCode,
    ).toBe(422);
    expect(
      (await create(form({ email: 'a2@example.org', phone: '9819100021', monastery: undefined }))).json()
        .errors.monastery,
    ).toBeDefined();
    expect((await create(form({ email: 'not-an-email', phone: '9819100022' }))).statusCode).toBe(422);
    expect((await create(form({ email: 'a3@example.org', phone: '98191abc' }))).statusCode).toBe(422);
    expect(
      (await create(form({ email: 'a4@example.org', phone: '9819100023', name: '   ' }))).statusCode,
    ).toBe(422);
  });

  it('takes a single name: the two-word rule is a patron’s onboarding, not the administrator’s form', async () => {
    const response = await create(
      form({ email: 'karma.single@example.org', phone: '9819100024', name: 'Karma' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().users.map((user: { name: string }) => user.name)).toContain('Karma');
  });

  it('is for administrators only', async () => {
    const patron = await signInByPhone(harness, '9819100030');
    expect(
      (await create(form({ email: 'x@example.org', phone: '9819100031' }), patron.token)).statusCode,
    ).toBe(403);
    expect((await harness.app.inject({ url: '/api/user', headers: bearer(patron.token) })).statusCode).toBe(
      403,
    );
    expect((await harness.app.inject('/api/user')).statusCode).toBe(401);
  });
});

describe('updating and deleting users', () => {
  it('updates a user without touching the password unless one is sent; a new role applies at once', async () => {
    const patron = await signInByPhone(harness, '9819100040');
    const update = async (payload: object) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/user/${patron.user.id}`,
        headers: bearer(admin.token),
        payload: await asFormSends(harness.database.db, 'POST', `/api/user/${patron.user.id}`, {
          _method: 'patch',
          ...payload,
        }),
      });
    const response = await update(
      form({
        name: 'Pema Lhamo',
        email: 'pema@example.org',
        phone: '9819100040',
        role: 'monastery',
        password: '',
        cpassword: '',
      }),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, patron.user.id));
    expect(row).toMatchObject({ name: 'Pema Lhamo', role: 'monastery', passwordHash: null });
    expect(
      (await harness.app.inject({ url: '/api/me', headers: bearer(patron.token) })).json().user.role,
    ).toBe('monastery');
    expect(
      (
        await harness.app.inject({ url: `/api/user/${patron.user.id}/edit`, headers: bearer(admin.token) })
      ).json().user.email,
    ).toBe('pema@example.org');
  });

  it('stops an administrator from demoting or deleting themselves', async () => {
    const demote = await harness.app.inject({
      method: 'PATCH',
      url: `/api/user/${admin.id}`,
      headers: bearer(admin.token),
      payload: await asFormSends(
        harness.database.db,
        'PATCH',
        `/api/user/${admin.id}`,
        form({ email: 'admin@example.org', phone: '9819100001', role: 'user', password: '', cpassword: '' }),
      ),
    });
    expect(demote.statusCode).toBe(409);
    expect(
      (
        await harness.app.inject({
          method: 'DELETE',
          url: `/api/user/${admin.id}`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('archives a patron with orders and signs them out; deletes one without history', async () => {
    const { db } = harness.database;
    const puja = await insertPuja(db, { slug: 'users-puja' });
    await offer(db, monasteryId, puja.id, 1200);
    const patron = await signInByPhone(harness, '9819100050');
    await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(patron.token),
      payload: {
        monastery: monasteryId,
        puja: puja.id,
        cost: 1200,
        date: addDays(todayIn('Asia/Kathmandu'), 1),
        payment: 'esewa',
      },
    });
    const removed = await harness.app.inject({
      method: 'DELETE',
      url: `/api/user/${patron.user.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.json().users.map((user: { id: number }) => user.id)).not.toContain(patron.user.id);
    expect((await harness.app.inject({ url: '/api/me', headers: bearer(patron.token) })).statusCode).toBe(
      401,
    );
    const [archived] = await db.select().from(users).where(eq(users.id, patron.user.id));
    expect(archived!.archivedAt).not.toBeNull();

    const newcomer = await signInByPhone(harness, '9819100051');
    await harness.app.inject({
      method: 'DELETE',
      url: `/api/user/${newcomer.user.id}`,
      headers: bearer(admin.token),
    });
    expect(await db.$count(users, eq(users.id, newcomer.user.id))).toBe(0);
  });
});

describe('listing users', () => {
  it('pages, searches every word in name, e-mail and phone, and filters by role on the server', async () => {
    const { db } = harness.database;
    for (let index = 0; index < USERS_PAGE_SIZE + 2; index += 1) {
      await db.insert(users).values({
        name: `Listed Lama ${index}`,
        phone: `+97798192${String(index).padStart(5, '0')}`,
        role: index % 2 ? 'user' : 'monastery',
        monasteryId: index % 2 ? null : monasteryId,
      });
    }
    const list = async (query: string) =>
      (await harness.app.inject({ url: `/api/user${query}`, headers: bearer(admin.token) })).json();

    const first = await list('?q=listed lama');
    expect(first).toMatchObject({ page: 1, pageSize: USERS_PAGE_SIZE, total: USERS_PAGE_SIZE + 2 });
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect((await list('?q=LISTED lama&page=2')).users).toHaveLength(2);
    expect((await list('?q=lama 17')).users.map((user: { name: string }) => user.name)).toEqual([
      'Listed Lama 17',
    ]);
    expect((await list('?q=listed nobody')).total).toBe(0);
    expect((await list('?q=9819200003')).users.map((user: { name: string }) => user.name)).toEqual([
      'Listed Lama 3',
    ]);
    const staffOnly = await list('?q=listed&role=monastery');
    expect(staffOnly.total).toBe(Math.ceil((USERS_PAGE_SIZE + 2) / 2));
    // A wildcard is a character like any other.
    expect((await list('?q=%25')).total).toBe(0);
  });
});
