import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery } from '../../../test/catalogue-fixtures.ts';
import { bearer, freshAddress, latestCodeFor, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signInCodes, users } from '../../db/schema/index.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

/** Moves a number's codes two minutes into the past, as if the person waited before asking again. */
const waitBeforeResend = (e164: string) =>
  harness.database.db.execute(
    sql`UPDATE sign_in_codes SET created_at = created_at - interval '2 minutes' WHERE phone = ${e164}`,
  );

const sendOtp = (phone: string, remoteAddress = freshAddress(), code = '+977') =>
  harness.app.inject({ method: 'POST', url: '/api/send-otp', remoteAddress, payload: { code, phone } });
const loginPhone = (
  phone: string,
  otp: string | undefined,
  challenge: string | undefined,
  remoteAddress = freshAddress(),
  code = '+977',
) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/login-phone',
    remoteAddress,
    payload: { code, phone, otp, challenge },
  });

/** Asks for a code as a browser does: the challenge from the answer, the code from the person's phone. */
async function requestCode(phone: string, e164 = `+977${phone}`, dialCode = '+977') {
  const sent = await sendOtp(phone, freshAddress(), dialCode);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCodeFor(harness, e164);
  if (!code) throw new Error(`no code for ${e164}`);
  return { challenge: sent.json<{ challenge: string }>().challenge, code };
}

/** A code that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');
/** A well-formed challenge send-otp never gave anyone. */
const forgedChallenge = () => randomBytes(32).toString('base64url');

const codeRows = (e164: string) =>
  harness.database.db.select().from(signInCodes).where(eq(signInCodes.phone, e164)).orderBy(signInCodes.id);

describe('sending a sign-in code', () => {
  it('sends a 6-digit code by SMS, answers a challenge, and stores only hashes of both', async () => {
    const response = await sendOtp('9811000001');
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      message: 'SMS Sent',
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      phone: '+9779811000001',
      resend_after_seconds: 60,
    });
    const code = await latestCodeFor(harness, '+9779811000001');
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await codeRows('+9779811000001');
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.challengeHash).toMatch(/^[\w-]{43}$/);
    expect(stored!.challengeHash).not.toBe(answer.challenge);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(300_000);
  });

  it('answers the same for a number with an account and one without', async () => {
    await harness.database.db.insert(users).values({ phone: '+9779811000002', name: 'Known Person' });
    const known = await sendOtp('9811000002');
    const unknown = await sendOtp('9811000003');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    // Only the number itself and the random challenge differ.
    const { challenge: _known, phone: knownPhone, ...knownRest } = known.json();
    const { challenge: _unknown, phone: unknownPhone, ...unknownRest } = unknown.json();
    expect(knownRest).toEqual(unknownRest);
    expect([knownPhone, unknownPhone]).toEqual(['+9779811000002', '+9779811000003']);
  });

  it.each([
    ['+1', '(201) 555-0123', '+12015550123'],
    ['+91', '98765 43210', '+919876543210'],
    ['+61', '0412 345 678', '+61412345678'],
    ['+44', '07911 123456', '+447911123456'],
    ['+44', '(0)7400 123-456', '+447400123456'],
    ['+977', '981.100.0050', '+9779811000050'],
    ['+977', ' 981–1000051 ', '+9779811000051'],
    // Issue 29: pasted whole, with the +country prefix, whatever country the form had chosen.
    ['+977', '+977 981-234-5670', '+9779812345670'],
    ['+977', '+44 7911 123457', '+447911123457'],
    ['+1', '(+977) 9812345671', '+9779812345671'],
    ['+977', ' 9812345672 ', '+9779812345672'],
  ])('takes %s %j as people write it, texts %s and signs in with it', async (dialCode, typed, e164) => {
    const sent = await sendOtp(typed, freshAddress(), dialCode);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().phone).toBe(e164);
    const code = await latestCodeFor(harness, e164);
    const login = await loginPhone(typed, code, sent.json().challenge, freshAddress(), dialCode);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.phone).toBe(e164);
  });

  it.each([
    ['letters', { code: '+977', phone: '98110abc01' }],
    ['too short', { code: '+977', phone: '12345' }],
    ['not a mobile of the country', { code: '+977', phone: '1234567890123' }],
    ['a made-up dial code', { code: '977', phone: '9811000001' }],
    ['separators only', { code: '+977', phone: '(-) .' }],
    ['nothing', {}],
  ])('refuses a malformed number (%s) with 422 and sends nothing', async (_case, payload) => {
    const before = await harness.database.db.$count(signInCodes);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      remoteAddress: freshAddress(),
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toBeDefined();
    expect(await harness.database.db.$count(signInCodes)).toBe(before);
  });

  it('says plainly that letters do not belong in a number', async () => {
    const response = await sendOtp('981 CALL ME');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.phone).toEqual([
      'Phone may contain only digits, spaces, brackets, dashes and dots.',
    ]);
  });
});

describe('signing in with a code', () => {
  it('creates a patron on a first sign-in and returns a token and the user', async () => {
    const { challenge, code } = await requestCode('9811000010');
    const response = await loginPhone('9811000010', code, challenge);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      phone: '+9779811000010',
      role: 'user',
      name: '',
      email: null,
      monastery_id: null,
    });
    const me = await harness.app.inject({ url: '/api/me', headers: bearer(body.token) });
    expect(me.json().user.id).toBe(body.user.id);
  });

  it('signs an existing account in with its own role', async () => {
    const monastery = await insertMonastery(harness.database.db, { slug: 'session-gompa' });
    await harness.database.db.insert(users).values({
      phone: '+9779811000011',
      role: 'monastery',
      monasteryId: monastery.id,
      name: 'Staff Member',
    });
    const { user } = await signInByPhone(harness, '9811000011');
    expect(user).toMatchObject({ role: 'monastery', monastery_id: monastery.id, name: 'Staff Member' });
  });

  it('refuses a wrong code with "OTP does not match"', async () => {
    const { challenge, code } = await requestCode('9811000012');
    const response = await loginPhone('9811000012', otherThan(code), challenge);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'OTP does not match' });
  });

  it('accepts a code once only', async () => {
    const { challenge, code } = await requestCode('9811000013');
    expect((await loginPhone('9811000013', code, challenge)).statusCode).toBe(200);
    expect((await loginPhone('9811000013', code, challenge)).statusCode).toBe(401);
  });

  it('accepts a code once even when two log-ins race', async () => {
    const { challenge, code } = await requestCode('9811000014');
    const answers = await Promise.all([
      loginPhone('9811000014', code, challenge),
      loginPhone('9811000014', code, challenge),
      loginPhone('9811000014', code, challenge),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired code', async () => {
    const { challenge, code } = await requestCode('9811000015');
    await harness.database.db.execute(
      sql`UPDATE sign_in_codes SET expires_at = now() - interval '1 second' WHERE phone = '+9779811000015'`,
    );
    expect((await loginPhone('9811000015', code, challenge)).statusCode).toBe(401);
  });

  it('kills a code after 5 wrong tries with its challenge, even for the right code', async () => {
    const { challenge, code } = await requestCode('9811000016');
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await loginPhone('9811000016', otherThan(code), challenge)).statusCode).toBe(401);
    expect((await codeRows('+9779811000016'))[0]!.failedAttempts).toBe(5);
    expect((await loginPhone('9811000016', code, challenge)).statusCode).toBe(401);
  });

  it('a new code leaves the codes asked for before usable, each with its own challenge only', async () => {
    const first = await requestCode('9811000017');
    await waitBeforeResend('+9779811000017');
    const second = await requestCode('9811000017');
    expect(second.challenge).not.toBe(first.challenge);
    // A code does not answer another code's challenge (unless, one time in a million, the two are equal).
    if (first.code !== second.code)
      expect((await loginPhone('9811000017', first.code, second.challenge)).statusCode).toBe(401);
    expect((await loginPhone('9811000017', first.code, first.challenge)).statusCode).toBe(200);
    expect((await loginPhone('9811000017', second.code, second.challenge)).statusCode).toBe(200);
  });

  it('needs a well-formed challenge', async () => {
    const { code } = await requestCode('9811000018');
    const missing = await loginPhone('9811000018', code, undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.challenge).toBeDefined();
    expect((await loginPhone('9811000018', code, 'not-a-challenge')).statusCode).toBe(422);
  });
});

describe("someone who knows another person's number but not their challenge", () => {
  it("cannot use up the owner's code: the owner still signs in after 10 wrong tries by someone else", async () => {
    const owner = await requestCode('9811000060');
    const rowsBefore = await codeRows('+9779811000060');
    const wrongCode = await loginPhone('9811000060', otherThan(owner.code), forgedChallenge());
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // Guessing, the right code among them, with challenges of their own making.
      const guess = attempt === 9 ? owner.code : String(attempt).repeat(6);
      const answer = await loginPhone('9811000060', guess, forgedChallenge());
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toBe(wrongCode.body);
    }
    expect(await codeRows('+9779811000060')).toEqual(rowsBefore);
    expect((await loginPhone('9811000060', owner.code, owner.challenge)).statusCode).toBe(200);
  });

  it("cannot spend the owner's tries with a challenge of their own for the same number", async () => {
    const owner = await requestCode('9811000061');
    await waitBeforeResend('+9779811000061');
    const attacker = await requestCode('9811000061');
    // The attacker asked for a code too (texted to the owner, so unknown to them) and guesses with its challenge.
    for (let attempt = 0; attempt < 10; attempt += 1)
      await loginPhone('9811000061', otherThan(attacker.code), attacker.challenge);
    const [ownerRow, attackerRow] = await codeRows('+9779811000061');
    expect([ownerRow!.failedAttempts, ownerRow!.consumedAt]).toEqual([0, null]);
    expect(attackerRow!.failedAttempts).toBe(5);
    expect((await loginPhone('9811000061', owner.code, owner.challenge)).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('logout revokes the token at once', async () => {
    const { token } = await signInByPhone(harness, '9811000020');
    expect((await harness.app.inject({ url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const after = await harness.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a tampered token, a token signed with another key, and no token', async () => {
    const { token } = await signInByPhone(harness, '9811000021');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    const { SignJWT } = await import('jose');
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    for (const headers of [bearer(forged), bearer(otherKey), bearer('not-a-token'), {}]) {
      expect((await harness.app.inject({ url: '/api/me', headers })).statusCode).toBe(401);
    }
  });

  it('refuses the token of a deleted (archived) user', async () => {
    const { token, user } = await signInByPhone(harness, '9811000022');
    await harness.database.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, user.id));
    expect((await harness.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    // and a deleted account cannot sign in again
    await waitBeforeResend('+9779811000022');
    const { challenge, code } = await requestCode('9811000022');
    const again = await loginPhone('9811000022', code, challenge);
    expect(again.statusCode).toBe(403);
  });

  it('applies a changed role on the next request', async () => {
    const { token, user } = await signInByPhone(harness, '9811000023');
    const revoke = (id: number) =>
      harness.app.inject({ method: 'POST', url: `/api/user/${id}/revoke-sessions`, headers: bearer(token) });
    expect((await revoke(user.id)).statusCode).toBe(403);
    await harness.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await harness.app.inject({ url: '/api/me', headers: bearer(token) })).json().user.role).toBe(
      'admin',
    );
  });

  it('lets an admin sign a person out everywhere', async () => {
    const admin = await signInByPhone(harness, '9811000024');
    await harness.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const patronPhone = await signInByPhone(harness, '9811000025');
    await waitBeforeResend('+9779811000025');
    const patronLaptop = await signInByPhone(harness, '9811000025');
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/user/${patronPhone.user.id}/revoke-sessions`,
      headers: bearer(admin.token),
    });
    expect(response.json()).toMatchObject({ revoked: 2 });
    for (const { token } of [patronPhone, patronLaptop]) {
      expect((await harness.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await harness.app.inject({ url: '/api/me', headers: bearer(admin.token) })).statusCode).toBe(200);
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/user/999999/revoke-sessions',
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('signing in with e-mail and password', () => {
  beforeAll(async () => {
    const passwordHash = await hash('correct horse battery');
    await harness.database.db
      .insert(users)
      .values({ email: 'Staff@Example.org', passwordHash, name: 'Staff Person', role: 'user' });
  });
  const login = (email: string, password: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: freshAddress(),
      payload: { email, password },
    });

  it('signs in with the right password, whatever the e-mail case', async () => {
    const response = await login('staff@example.org', 'correct horse battery');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.name).toBe('Staff Person');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login('staff@example.org', 'wrong');
    const unknown = await login('nobody@example.org', 'wrong');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses accounts that have no password', async () => {
    await harness.database.db
      .insert(users)
      .values({ email: 'phone-only@example.org', phone: '+9779811000030' });
    expect((await login('phone-only@example.org', '')).statusCode).toBe(422);
    expect((await login('phone-only@example.org', 'anything')).statusCode).toBe(401);
  });
});

describe('updating one’s own details', () => {
  it('saves a full name and e-mail and answers the refreshed user', async () => {
    const { token } = await signInByPhone(harness, '9811000040');
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/update-user-details',
      headers: bearer(token),
      payload: { name: 'Tenzin Dolma', email: 'Tenzin@Example.org', _method: 'patch' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Tenzin Dolma', email: 'tenzin@example.org' });
    expect((await harness.app.inject({ url: '/api/me', headers: bearer(token) })).json().user.name).toBe(
      'Tenzin Dolma',
    );
  });

  it('enforces the full-name rule and a unique e-mail, changing nothing on refusal', async () => {
    const { token, user } = await signInByPhone(harness, '9811000041');
    const update = (payload: object) =>
      harness.app.inject({
        method: 'PATCH',
        url: '/api/update-user-details',
        headers: bearer(token),
        payload,
      });
    const single = await update({ name: 'Tenzin', email: 'x@example.org' });
    expect(single.statusCode).toBe(422);
    expect(single.json().errors.name).toEqual(['Oops, can you give us your full name?']);
    const taken = await update({ name: 'Pema Lhamo', email: 'TENZIN@example.org' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['Email already exists']);
    const badEmail = await update({ name: 'Pema Lhamo', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(422);
    const [stored] = await harness.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ name: '', email: null });
  });

  it('lets a patron leave the e-mail out, and clear it (issue 29: a name is enough to order)', async () => {
    const { token, user } = await signInByPhone(harness, '9811000042');
    const update = (payload: object) =>
      harness.app.inject({
        method: 'PATCH',
        url: '/api/update-user-details',
        headers: bearer(token),
        payload,
      });
    const nameOnly = await update({ name: 'Pema Lhamo' });
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.json().user).toMatchObject({ name: 'Pema Lhamo', email: null });

    expect((await update({ name: 'Pema Lhamo', email: 'Pema@Example.org' })).json().user.email).toBe(
      'pema@example.org',
    );
    const cleared = await update({ name: 'Pema Lhamo', email: '  ' });
    expect(cleared.statusCode).toBe(200);
    const [stored] = await harness.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ name: 'Pema Lhamo', email: null });
  });

  it('needs a signed-in person', async () => {
    const response = await harness.app.inject({
      method: 'PATCH',
      url: '/api/update-user-details',
      payload: { name: 'A B', email: 'a@b.np' },
    });
    expect(response.statusCode).toBe(401);
  });
});
