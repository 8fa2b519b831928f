import { hash } from '@node-rs/argon2';
import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@puja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery } from '../../../test/catalogue-fixtures.ts';
import { bearer, freshAddress, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, users } from '../../db/schema/index.ts';

/**
 * Everyone signed in changes their own name and e-mail (`/api/update-user-details`); staff and
 * administrators also their password (`/api/me/password`), which ends their other sessions.
 */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

let nextPhone = 9816100001;
/** A person signed in by phone in the given role; with `password`, the account has that password. */
async function person(
  role: 'user' | 'monastery' | 'admin',
  options: { password?: string; email?: string } = {},
) {
  const { db } = harness.database;
  const session = await signInByPhone(harness, String(nextPhone++));
  const monasteryId =
    role === 'monastery'
      ? (await insertMonastery(db, { slug: `own-details-${nextPhone}`, name: `Own Details ${nextPhone}` })).id
      : null;
  const email = options.email ?? `person${nextPhone}@example.org`;
  await db
    .update(users)
    .set({
      role,
      monasteryId,
      email,
      ...(options.password ? { passwordHash: await hash(options.password) } : {}),
    })
    .where(eq(users.id, session.user.id));
  return { id: session.user.id, token: session.token, email };
}
const changePassword = (token: string, payload: object) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/me/password',
    headers: bearer(token),
    remoteAddress: freshAddress(),
    payload,
  });
const me = (token: string) => harness.app.inject({ url: '/api/me', headers: bearer(token) });
const passwordLogin = (email: string, password: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: freshAddress(),
    payload: { email, password },
  });
const auditOf = (userId: number) =>
  harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectType, 'user'), eq(auditEntries.subjectId, userId)));

describe('changing one’s own password', () => {
  it('changes a staff member’s password, ends their other sessions and keeps this one, audited without it', async () => {
    const staff = await person('monastery', { password: 'old secret words' });
    const elsewhere = (await passwordLogin(staff.email, 'old secret words')).json().token as string;
    expect((await me(elsewhere)).statusCode).toBe(200);

    const changed = await changePassword(staff.token, {
      current_password: 'old secret words',
      password: 'new secret words',
      cpassword: 'new secret words',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });

    expect((await me(staff.token)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await passwordLogin(staff.email, 'old secret words')).statusCode).toBe(401);
    expect((await passwordLogin(staff.email, 'new secret words')).statusCode).toBe(200);

    const entries = await auditOf(staff.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: staff.id,
      action: 'update',
      before: {},
      after: { password_changed: true, revoked_sessions: 1 },
    });
    expect(JSON.stringify(entries[0])).not.toContain('secret words');
  });

  it('refuses a wrong or missing current password with 422 on current_password, changing nothing', async () => {
    const admin = await person('admin', { password: 'admin old words' });
    const elsewhere = (await passwordLogin(admin.email, 'admin old words')).json().token as string;
    const [before] = await harness.database.db.select().from(users).where(eq(users.id, admin.id));

    const wrong = await changePassword(admin.token, {
      current_password: 'not the password',
      password: 'admin new words',
      cpassword: 'admin new words',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [WRONG_CURRENT_PASSWORD_MESSAGE] });
    const missing = await changePassword(admin.token, {
      password: 'admin new words',
      cpassword: 'admin new words',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED_MESSAGE] });

    const [after] = await harness.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    // The session that asked is not ended by a wrong password, nor are the others.
    expect((await me(admin.token)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(200);
    expect(await auditOf(admin.id)).toEqual([]);
  });

  it('checks the new password as the user form does', async () => {
    const staff = await person('monastery', { password: 'old secret words' });
    const short = await changePassword(staff.token, {
      current_password: 'old secret words',
      password: 'abc',
      cpassword: 'abc',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual([PASSWORD_TOO_SHORT_MESSAGE]);
    const mismatch = await changePassword(staff.token, {
      current_password: 'old secret words',
      password: 'long enough',
      cpassword: 'long enough!',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.cpassword).toEqual([PASSWORD_MISMATCH_MESSAGE]);
  });

  it('lets an administrator without a password (made with create-admin) set a first one, given an e-mail', async () => {
    const admin = await person('admin');
    const set = await changePassword(admin.token, { password: 'first words', cpassword: 'first words' });
    expect(set.statusCode).toBe(200);
    expect((await passwordLogin(admin.email, 'first words')).statusCode).toBe(200);

    const noEmail = await person('admin');
    await harness.database.db.update(users).set({ email: null }).where(eq(users.id, noEmail.id));
    const refused = await changePassword(noEmail.token, {
      password: 'first words',
      cpassword: 'first words',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Add your e-mail address first/);
  });

  it('is for staff and administrators only', async () => {
    const patron = await person('user', { password: 'patron words' });
    const body = { current_password: 'patron words', password: 'new words!', cpassword: 'new words!' };
    expect((await changePassword(patron.token, body)).statusCode).toBe(403);
    const anonymous = await harness.app.inject({ method: 'POST', url: '/api/me/password', payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('changing one’s own name and e-mail', () => {
  const update = (token: string, payload: object) =>
    harness.app.inject({
      method: 'PATCH',
      url: '/api/update-user-details',
      headers: bearer(token),
      payload,
    });

  it('keeps the e-mail staff and administrators sign in with: leaving it out changes nothing', async () => {
    for (const role of ['monastery', 'admin'] as const) {
      const someone = await person(role);
      for (const payload of [{ name: 'Tenzin Dorje' }, { name: 'Tenzin Dorje', email: '' }]) {
        const refused = await update(someone.token, payload);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors.email).toEqual([
          'Staff sign in with their e-mail address: it cannot be left out.',
        ]);
      }
      const [stored] = await harness.database.db.select().from(users).where(eq(users.id, someone.id));
      expect(stored?.email).toBe(someone.email);
      expect(await auditOf(someone.id)).toEqual([]);
    }
  });

  it('lets staff and administrators change theirs, audited; a patron’s is not audited', async () => {
    for (const role of ['monastery', 'admin'] as const) {
      const someone = await person(role);
      const changed = await update(someone.token, {
        name: 'Tenzin Dorje',
        email: `tenzin.${role}@example.org`,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user).toMatchObject({
        name: 'Tenzin Dorje',
        email: `tenzin.${role}@example.org`,
        role,
      });
      const [entry] = await auditOf(someone.id);
      expect(entry).toMatchObject({
        action: 'update',
        actorId: someone.id,
        after: { name: 'Tenzin Dorje', email: `tenzin.${role}@example.org` },
      });
    }
    const patron = await person('user');
    expect((await update(patron.token, { name: 'Pema Lhamo', email: 'pema@example.org' })).statusCode).toBe(
      200,
    );
    expect(await auditOf(patron.id)).toEqual([]);
  });

  it('refuses an e-mail another account has, any case, changing nothing', async () => {
    const taken = await person('user', { email: 'taken.details@example.org' });
    const staff = await person('monastery');
    const refused = await update(staff.token, { name: 'Tenzin Dorje', email: 'TAKEN.details@example.org' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['Email already exists']);
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.email).toBe(staff.email);
    expect(taken.id).not.toBe(staff.id);
    expect(await auditOf(staff.id)).toEqual([]);
  });
});
