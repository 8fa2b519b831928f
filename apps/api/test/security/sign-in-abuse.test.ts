import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signInCodes } from '../../src/db/schema/index.ts';
import { outboxFile } from '../../src/integrations/sms/outbox-sms.ts';
import { latestCodeFor } from '../session-helpers.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * Sign-in that strangers can neither block nor bill (issue 27, docs/decisions/027): knowing a number must
 * not let anyone keep its owner from a code, and numbers outside the countries we serve are never texted.
 */
let harness: TestApp | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const OWNER = { national: '9818200001', e164: '+9779818200001' };
const sendCode = (remoteAddress: string, payload: object, headers: Record<string, string> = {}) =>
  harness!.app.inject({ method: 'POST', url: '/api/send-otp', remoteAddress, headers, payload });
/** Moves every code `seconds` into the past, as if that much time had gone by. */
const timePasses = (seconds: number) =>
  harness!.database.db.execute(
    sql`UPDATE sign_in_codes SET created_at = created_at - make_interval(secs => ${seconds})`,
  );
const outbox = () => fs.readFile(outboxFile(harness!.dataDirectory), 'utf8').catch(() => '');

/** The owner, from their own address, asks for a code, reads it and signs in with it. */
async function ownerSignsIn(address: string) {
  const sent = await sendCode(address, { code: '+977', phone: OWNER.national });
  expect(sent.statusCode).toBe(200);
  const otp = await latestCodeFor(harness!, OWNER.e164);
  const login = await harness!.app.inject({
    method: 'POST',
    url: '/api/login-phone',
    remoteAddress: address,
    payload: { code: '+977', phone: OWNER.national, otp, challenge: sent.json().challenge },
  });
  expect(login.statusCode).toBe(200);
}

describe("a stranger cannot lock a number's owner out", () => {
  it('still sends the owner a code after a stranger has used up every limit on the number', async () => {
    harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '60', OTP_MAX_PER_PHONE_PER_HOUR: '5' } });
    // The attack: five sends 61 s apart, then more, all from the stranger's address.
    for (let send = 0; send < 5; send += 1) {
      expect((await sendCode('10.27.0.1', { code: '+977', phone: OWNER.national })).statusCode).toBe(200);
      await timePasses(61);
    }
    const strangerAgain = await sendCode('10.27.0.1', { code: '+977', phone: OWNER.national });
    expect(strangerAgain.statusCode).toBe(429);
    // The owner is not made to wait for anything the stranger did, and signs in.
    await ownerSignsIn('10.27.0.2');
    // The stranger's five codes and the owner's own.
    expect(await harness.database.db.$count(signInCodes)).toBe(6);
  });

  it('still sends the owner a code when strangers ask from many addresses', async () => {
    harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '60', OTP_MAX_PER_PHONE_PER_HOUR: '5' } });
    for (let address = 0; address < 20; address += 1) {
      expect((await sendCode(`10.27.1.${address}`, { code: '+977', phone: OWNER.national })).statusCode).toBe(
        200,
      );
    }
    await ownerSignsIn('10.27.1.200');
  });
});

describe('a spent daily budget does not keep account holders out', () => {
  it('still texts a number with an account once strangers have spent the country’s budget', async () => {
    harness = await createTestApp({ env: { OTP_MAX_PER_COUNTRY_PER_DAY: '3' } });
    await ownerSignsIn('10.27.2.1');
    // Strangers spend the rest of Nepal's day on new numbers, from addresses of their own.
    for (const [index, national] of ['9818200011', '9818200012'].entries())
      expect((await sendCode(`10.27.2.${10 + index}`, { code: '+977', phone: national })).statusCode).toBe(
        200,
      );
    expect((await sendCode('10.27.2.20', { code: '+977', phone: '9818200013' })).statusCode).toBe(429);
    // The owner, who has an account, still gets a code and signs in.
    await timePasses(120);
    await ownerSignsIn('10.27.2.1');
  });
});

describe('SMS only to the countries we serve', () => {
  it('refuses a number of another country with a clear, translated 422, and sends nothing', async () => {
    harness = await createTestApp();
    const nigeria = await sendCode('10.27.2.1', { code: '+234', phone: '8031234567' });
    expect(nigeria.statusCode).toBe(422);
    expect(nigeria.json().errors.phone).toEqual([
      'We do not send sign-in codes to numbers in Nigeria. Please use a mobile number from another country, or contact us.',
    ]);
    const inNepali = await sendCode(
      '10.27.2.1',
      { code: '+234', phone: '8031234567' },
      { 'accept-language': 'ne' },
    );
    expect(inNepali.statusCode).toBe(422);
    expect(inNepali.json().errors.phone[0]).toMatch(/[\u0900-\u097F]/);
    expect(await outbox()).toBe('');
    expect(await harness.database.db.$count(signInCodes)).toBe(0);
    // A country on the default list is texted.
    expect((await sendCode('10.27.2.2', { code: '+61', phone: '412345678' })).statusCode).toBe(200);
  });

  it('follows SMS_COUNTRIES', async () => {
    harness = await createTestApp({ env: { SMS_COUNTRIES: 'NP' } });
    const india = await sendCode('10.27.3.1', { code: '+91', phone: '9876543210' });
    expect(india.statusCode).toBe(422);
    expect(india.json().errors.phone[0]).toContain('India');
    expect(await outbox()).toBe('');
    expect((await sendCode('10.27.3.2', { code: '+977', phone: OWNER.national })).statusCode).toBe(200);
  });
});
