import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { DELETED_ACCOUNT_NAME, PHONE_TAKEN_MESSAGE } from '@puja/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { bearer, freshAddress, latestCodeFor, signInByPhone } from '../../../test/session-helpers.ts';
import { resolveJwtSecret } from '../../config/secrets.ts';
import {
  auditEntries,
  messages,
  orderNames,
  orders,
  sessions,
  signInCodes,
  users,
} from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';
import { insertSession } from '../session/session.queries.ts';
import { signSessionToken } from '../session/session-tokens.ts';

let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness();
});
afterAll(() => money.close());

const e164 = (national: string) => `+977${national}`;

/** Moves a number's codes into the past, as if the person waited before asking again. */
const waitBeforeResend = (phone: string) =>
  money.db.execute(
    sql`UPDATE sign_in_codes SET created_at = created_at - interval '2 minutes' WHERE phone = ${phone}`,
  );

const askForCode = (token: string, phone: string, remoteAddress = freshAddress()) =>
  money.app.inject({
    method: 'POST',
    url: '/api/me/phone/code',
    headers: bearer(token),
    remoteAddress,
    payload: { code: '+977', phone },
  });

const changePhone = (token: string, payload: Record<string, unknown>) =>
  money.app.inject({
    method: 'POST',
    url: '/api/me/phone',
    headers: bearer(token),
    remoteAddress: freshAddress(),
    payload: { code: '+977', ...payload },
  });

const deleteAccount = (token: string, payload?: Record<string, unknown>) =>
  money.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const me = (token: string) => money.app.inject({ url: '/api/me', headers: bearer(token) });

/** A code for the new number as the patron's browser gets it: the challenge, and the code from the phone. */
async function codeFor(token: string, national: string) {
  const sent = await askForCode(token, national);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCodeFor(money.harness, e164(national));
  if (!code) throw new Error(`no code for ${national}`);
  return { challenge: sent.json<{ challenge: string }>().challenge, otp: code };
}

/** A second signed-in device of the same person. */
async function anotherSession(userId: number): Promise<string> {
  const expiresAt = new Date(Date.now() + 3_600_000);
  const sessionId = await insertSession(money.db, { userId, expiresAt, userAgent: 'another device' });
  return signSessionToken(resolveJwtSecret(money.app.config), { userId, sessionId }, expiresAt);
}

async function textsTo(phone: string): Promise<string[]> {
  await money.app.jobs.runDueJobs();
  const lines = await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8').catch(() => '');
  return lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((message) => message.to === phone)
    .map((message) => message.text);
}

const userRow = async (id: number) => (await money.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('changing the phone number', () => {
  it('texts a code to the new number and moves the account once it comes back; the old number is told', async () => {
    const patron = await signInByPhone(money.harness, '9818500001');
    const elsewhere = await anotherSession(patron.user.id);

    const sent = await askForCode(patron.token, '981-850-0002');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      message: 'SMS Sent',
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      phone: '+9779818500002',
      resend_after_seconds: 60,
    });
    const [text] = (await textsTo('+9779818500002')).slice(-1);
    expect(text).toMatch(/^\d{6} is your code to use this number for your Puja account\./);

    const otp = await latestCodeFor(money.harness, '+9779818500002');
    const changed = await changePhone(patron.token, {
      phone: '9818500002',
      otp,
      challenge: sent.json().challenge,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ id: patron.user.id, phone: '+9779818500002' });
    expect((await me(patron.token)).json().user.phone).toBe('+9779818500002');
    // Any other device is signed out: a phone lost with the old number no longer reaches the account.
    expect((await me(elsewhere)).statusCode).toBe(401);

    const told = await textsTo('+9779818500001');
    expect(told.at(-1)).toBe(
      "Your Puja account's number was changed to one ending in 002. Not you? Contact us: http://money.test/contact",
    );
    const [entry] = await money.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectType, 'user'), eq(auditEntries.subjectId, patron.user.id)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: patron.user.id,
      actorRole: 'user',
      action: 'update',
      before: { phone: '+9779818500001' },
      after: { phone: '+9779818500002' },
    });

    // The new number signs in to the same account; the old one is free again and makes a new one.
    await waitBeforeResend('+9779818500002');
    await waitBeforeResend('+9779818500001');
    expect((await signInByPhone(money.harness, '9818500002')).user.id).toBe(patron.user.id);
    expect((await signInByPhone(money.harness, '9818500001')).user.id).not.toBe(patron.user.id);
  });

  it('refuses a wrong code, a missing or foreign challenge, and codes made for something else', async () => {
    const patron = await signInByPhone(money.harness, '9818500011');
    const other = await signInByPhone(money.harness, '9818500012');
    const { challenge, otp } = await codeFor(patron.token, '9818500013');
    const wrong = otp === '000000' ? '000001' : '000000';

    const mismatch = await changePhone(patron.token, { phone: '9818500013', otp: wrong, challenge });
    // 422 on the code's field, never 401: the patron stays signed in.
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      message: 'OTP does not match',
      errors: { otp: ['OTP does not match'] },
    });
    expect((await me(patron.token)).statusCode).toBe(200);

    const missing = await changePhone(patron.token, { phone: '9818500013', otp });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('challenge');
    const forged = await changePhone(patron.token, {
      phone: '9818500013',
      otp,
      challenge: randomBytes(32).toString('base64url'),
    });
    expect(forged.json()).toMatchObject({ message: 'OTP does not match' });

    // Another patron holding the code and its challenge cannot move their own account with them.
    const stolen = await changePhone(other.token, { phone: '9818500013', otp, challenge });
    expect(stolen.statusCode).toBe(422);
    // Nor does the code sign anyone in to the new number, and a sign-in code does not move an account.
    const login = await money.app.inject({
      method: 'POST',
      url: '/api/login-phone',
      remoteAddress: freshAddress(),
      payload: { code: '+977', phone: '9818500013', otp, challenge },
    });
    expect(login.statusCode).toBe(401);
    await waitBeforeResend('+9779818500013');
    const signInCode = await money.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      remoteAddress: freshAddress(),
      payload: { code: '+977', phone: '9818500013' },
    });
    const signInOtp = await latestCodeFor(money.harness, '+9779818500013');
    const withSignInCode = await changePhone(patron.token, {
      phone: '9818500013',
      otp: signInOtp,
      challenge: signInCode.json().challenge,
    });
    expect(withSignInCode.statusCode).toBe(422);

    expect((await userRow(patron.user.id)).phone).toBe('+9779818500011');
    // The right code with its challenge still works: the failures only counted tries against it.
    const right = await changePhone(patron.token, { phone: '9818500013', otp, challenge });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses, with 409, a number that belongs to another account once the code proves it is theirs', async () => {
    const patron = await signInByPhone(money.harness, '9818500021');
    await signInByPhone(money.harness, '9818500022');
    await waitBeforeResend('+9779818500022');
    // Asking for the code says nothing about who uses the number.
    const { challenge, otp } = await codeFor(patron.token, '9818500022');

    const taken = await changePhone(patron.token, { phone: '9818500022', otp, challenge });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: PHONE_TAKEN_MESSAGE, errors: { phone: [PHONE_TAKEN_MESSAGE] } });
    expect((await userRow(patron.user.id)).phone).toBe('+9779818500021');
    expect(await textsTo('+9779818500021')).not.toContainEqual(expect.stringContaining('was changed'));
    // A refused change leaves everything as it was, the code too.
    const [code] = await money.db
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.phone, '+9779818500022'))
      .orderBy(desc(signInCodes.id))
      .limit(1);
    expect(code!.consumedAt).toBeNull();
  });

  it('refuses the number the account already has, and throttles codes as sign-in does', async () => {
    const patron = await signInByPhone(money.harness, '9818500031');
    const same = await askForCode(patron.token, '9818500031');
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.phone).toEqual(['This is already your phone number.']);

    // The wait is the asking address's (docs/decisions/027): the same browser asking again waits.
    const address = freshAddress();
    expect((await askForCode(patron.token, '9818500032', address)).statusCode).toBe(200);
    const again = await askForCode(patron.token, '9818500032', address);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is for patrons: a visitor is asked to sign in, staff and administrators are refused', async () => {
    const visitor = await money.app.inject({
      method: 'POST',
      url: '/api/me/phone/code',
      payload: { code: '+977', phone: '9818500041' },
    });
    expect(visitor.statusCode).toBe(401);
    for (const token of [money.tokens.staff, money.tokens.admin]) {
      expect((await askForCode(token, '9818500041')).statusCode).toBe(403);
      expect(
        (await changePhone(token, { phone: '9818500041', otp: '123456', challenge: 'x'.repeat(43) }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('deleting the account', () => {
  /** Pays an order at eSewa's simulator as its own patron. */
  async function pay(orderId: number, token: string) {
    const started = await money.startPayment(orderId, 'esewa', token);
    expect(started.statusCode, started.body).toBe(200);
    const location = await money.decideAtProvider('esewa', started.json(), 'pay');
    expect(await money.returnFromProvider(location)).toContain('status=success');
  }

  it('removes the person and keeps the orders, payments and refunds without them', async () => {
    const patron = await signInByPhone(money.harness, '9818600001');
    const token = patron.token;
    const id = patron.user.id;
    await money.app.inject({
      method: 'POST',
      url: '/api/update-user-details',
      headers: bearer(token),
      payload: { _method: 'patch', name: 'Karma Sherpa', email: 'karma@example.org' },
    });
    await money.db.update(users).set({ passwordHash: 'argon2-hash-of-something' }).where(eq(users.id, id));
    // One order paid, cancelled and refunded (with the patron's words on it), one never paid.
    const refunded = await money.placeOrder({ token });
    await money.db
      .update(orders)
      .set({ beneficiary: 'Ama Dolma', intention: 'For her recovery' })
      .where(eq(orders.id, refunded));
    await money.db
      .insert(orderNames)
      .values({ orderId: refunded, position: 0, name: 'Ama Dolma', departed: false, note: 'In hospital' });
    await pay(refunded, token);
    await money.app.inject({
      method: 'POST',
      url: `/api/order/${refunded}/messages`,
      headers: bearer(token),
      payload: { message: 'My mother is in hospital in Pokhara.' },
    });
    await money.app.inject({
      method: 'POST',
      url: '/api/message',
      headers: bearer(money.tokens.staff),
      payload: { orderID: refunded, userID: id, message: 'We will pray for her.' },
    });
    expect((await money.cancel(refunded, token)).statusCode).toBe(200);
    const [payment] = await money.attempts(refunded);
    expect((await money.recordRefund(payment!.id, 'ESEWA-RF-1')).statusCode).toBe(200);
    const unpaid = await money.placeOrder({ token });

    expect((await deleteAccount(token)).statusCode).toBe(422);
    const unconfirmed = await deleteAccount(token, { confirmation: 'yes' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual({ confirmation: ['Type DELETE to confirm.'] });
    const deleted = await deleteAccount(token, { confirmation: ' delete ' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Your account has been deleted.' });

    expect(await userRow(id)).toMatchObject({
      name: DELETED_ACCOUNT_NAME,
      email: null,
      phone: null,
      passwordHash: null,
      archivedAt: expect.any(Date),
    });
    expect((await me(token)).statusCode).toBe(401);
    expect(await money.db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect(await money.db.$count(signInCodes, eq(signInCodes.phone, '+9779818600001'))).toBe(0);

    // The orders stay, with their money, but not the person's words.
    expect(await money.order(unpaid)).toMatchObject({ status: 'cancelled', paymentStatus: 'Pending' });
    expect(await money.order(refunded)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'Refunded',
      beneficiary: null,
      intention: null,
    });
    expect((await money.attempts(refunded)).map((attempt) => attempt.refund?.providerReference)).toEqual([
      'ESEWA-RF-1',
    ]);
    expect(await money.db.$count(orderNames, eq(orderNames.orderId, refunded))).toBe(0);
    const thread = await money.db.select().from(messages).where(eq(messages.orderId, refunded));
    expect(thread.map((message) => message.body)).toEqual(['We will pray for her.']);

    // Staff and administrators see the orders and payments under "Deleted account".
    const conversation = await money.app.inject({
      url: `/api/get-messages/${refunded}`,
      headers: bearer(money.tokens.staff),
    });
    expect(conversation.json().order.user).toEqual({ name: DELETED_ACCOUNT_NAME, email: null, phone: null });
    const { number } = await money.order(refunded);
    const listed = (await money.listPayments(`?q=${number}`))
      .json()
      .payments.find((row: { order: { id: number } }) => row.order.id === refunded);
    expect(listed.order.patron).toEqual({ name: DELETED_ACCOUNT_NAME, phone: null });
    expect((await money.receipt(refunded, money.tokens.admin)).statusCode).toBe(200);

    const [entry] = await money.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectType, 'user'), eq(auditEntries.subjectId, id)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: id, action: 'delete', before: { role: 'user' }, after: null });

    // The number is free: signing in with it makes a new, empty account.
    const newcomer = await signInByPhone(money.harness, '9818600001');
    expect(newcomer.user).toMatchObject({ name: '', email: null });
    expect(newcomer.user.id).not.toBe(id);
  });

  it('refuses while an order holds the patron’s money, saying which and why, and changes nothing', async () => {
    const patron = await signInByPhone(money.harness, '9818600011');
    const token = patron.token;
    const order = await money.placeOrder({ token });
    const { number } = await money.order(order);
    const refused = async (reason: RegExp) => {
      const before = await userRow(patron.user.id);
      const answer = await deleteAccount(token, { confirmation: 'DELETE' });
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toMatch(
        /^Your account cannot be deleted yet: every rupee you paid must first buy a puja that is performed or come back to you\. /,
      );
      expect(answer.json().message).toMatch(new RegExp(`${number} ${reason.source}`));
      expect(await userRow(patron.user.id)).toEqual(before);
      expect((await me(token)).statusCode).toBe(200);
    };

    // Paying right now: the money may be on its way.
    expect((await money.startPayment(order, 'esewa', token)).statusCode).toBe(200);
    await refused(/has a payment that is still being confirmed/);
    await money.db.execute(
      sql`UPDATE payment_attempts SET status = 'Failed' WHERE order_id = ${order} AND status = 'Pending'`,
    );
    await pay(order, token);
    await refused(/is paid and waiting for the monastery: cancel it on your orders page/);
    expect(await money.order(order)).toMatchObject({ status: 'pending', paymentStatus: 'Completed' });
    expect((await money.approve(order)).statusCode).toBe(200);
    await refused(/has been approved by the monastery/);
  });

  it('waits for a refund to be made, then deletes', async () => {
    const patron = await signInByPhone(money.harness, '9818600021');
    const order = await money.placeOrder({ token: patron.token });
    await pay(order, patron.token);
    expect((await money.cancel(order, patron.token)).statusCode).toBe(200);

    const refused = await deleteAccount(patron.token, { confirmation: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is to be refunded: Rs. 2,500 is still to come back to you.');

    const [payment] = await money.attempts(order);
    expect((await money.recordRefund(payment!.id, 'ESEWA-RF-2')).statusCode).toBe(200);
    expect((await deleteAccount(patron.token, { confirmation: 'DELETE' })).statusCode).toBe(200);
  });

  it('is for patrons: staff and administrators cannot delete themselves this way', async () => {
    expect(
      (await money.app.inject({ method: 'DELETE', url: '/api/me', payload: { confirmation: 'DELETE' } }))
        .statusCode,
    ).toBe(401);
    for (const token of [money.tokens.staff, money.tokens.admin]) {
      expect((await deleteAccount(token, { confirmation: 'DELETE' })).statusCode).toBe(403);
      expect((await me(token)).statusCode).toBe(200);
    }
  });
});
