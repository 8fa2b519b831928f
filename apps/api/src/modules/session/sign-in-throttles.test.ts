import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../../test/stand-ins/http-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Each throttle on an app configured so only that throttle can trip. */
let harness: TestApp | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const send = (phone: string, remoteAddress = '10.9.0.1', extra: object = {}) =>
  harness!.app.inject({ method: 'POST', url: '/api/send-otp', remoteAddress, payload: { phone, ...extra } });
const TOO_MANY = { message: 'Too many requests. Try again after a few minutes.' };
/** Moves every code `seconds` into the past, as if that much time had gone by. */
const timePasses = (seconds: number) =>
  harness!.database.db.execute(
    sql`UPDATE sign_in_codes SET created_at = created_at - make_interval(secs => ${seconds})`,
  );

describe('sign-in code throttles', () => {
  it('makes a number wait before a new code, and says how long', async () => {
    harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '60' } });
    const first = await send('9813000001');
    expect(first.statusCode).toBe(200);
    expect(first.json().resend_after_seconds).toBe(60);
    const again = await send('9813000001');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: 'Too many requests. Try again in 60 seconds.' });
    expect(again.headers['retry-after']).toBe('60');
    await timePasses(45);
    const later = await send('9813000001');
    expect(later.json()).toEqual({ message: 'Too many requests. Try again in 15 seconds.' });
    expect(later.headers['retry-after']).toBe('15');
    await timePasses(15);
    expect((await send('9813000001')).statusCode).toBe(200);
  });

  it('limits the codes one address asks for one number per hour, and says when the oldest leaves the hour', async () => {
    harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '0', OTP_MAX_PER_PHONE_PER_HOUR: '3' } });
    for (let index = 0; index < 3; index += 1) {
      expect((await send('9813000002', '10.9.1.1')).statusCode).toBe(200);
      await timePasses(600);
    }
    // The codes were asked for 30, 20 and 10 minutes ago: the first leaves the hour in 30 minutes.
    const refused = await send('9813000002', '10.9.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many requests. Try again in 30 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1790);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(1800);
    expect((await send('9813000003', '10.9.1.1')).statusCode).toBe(200);
    // What one address asked for is not held against another: the number's owner still gets a code.
    expect((await send('9813000002', '10.9.1.2')).statusCode).toBe(200);
  });

  it('makes only the address that asked wait before a new code to the same number', async () => {
    harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '60' } });
    expect((await send('9813000004', '10.9.1.3')).statusCode).toBe(200);
    expect((await send('9813000004', '10.9.1.3')).statusCode).toBe(429);
    expect((await send('9813000004', '10.9.1.4')).statusCode).toBe(200);
  });

  it('caps the codes sent to one country per day, and no other country pays for it', async () => {
    harness = await createTestApp({ env: { OTP_MAX_PER_COUNTRY_PER_DAY: '2' } });
    expect((await send('9813000005', '10.9.1.5')).statusCode).toBe(200);
    expect((await send('9813000006', '10.9.1.6')).statusCode).toBe(200);
    const refused = await send('9813000007', '10.9.1.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    const india = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      remoteAddress: '10.9.1.8',
      payload: { code: '+91', phone: '9876543210' },
    });
    expect(india.statusCode).toBe(200);
  });

  it('limits the codes per client address per hour', async () => {
    harness = await createTestApp({ env: { OTP_MAX_PER_IP_PER_HOUR: '2' } });
    expect((await send('9813000010', '10.9.2.1')).statusCode).toBe(200);
    expect((await send('9813000011', '10.9.2.1')).statusCode).toBe(200);
    expect((await send('9813000012', '10.9.2.1')).statusCode).toBe(429);
    expect((await send('9813000012', '10.9.2.2')).statusCode).toBe(200);
  });

  it('caps the codes sent per day across everyone', async () => {
    harness = await createTestApp({ env: { OTP_MAX_PER_DAY: '2' } });
    expect((await send('9813000020', '10.9.3.1')).statusCode).toBe(200);
    expect((await send('9813000021', '10.9.3.2')).statusCode).toBe(200);
    expect((await send('9813000022', '10.9.3.3')).statusCode).toBe(429);
  });

  it('slows down guessing from one address', async () => {
    harness = await createTestApp({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '3' } });
    // A well-formed challenge that matches no code: every guess is answered 401 until the limit.
    const challenge = randomBytes(32).toString('base64url');
    const guess = () =>
      harness!.app.inject({
        method: 'POST',
        url: '/api/login-phone',
        remoteAddress: '10.9.4.1',
        payload: { phone: '9813000030', otp: '123456', challenge },
      });
    for (let index = 0; index < 3; index += 1) expect((await guess()).statusCode).toBe(401);
    const blocked = await guess();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY.message);
  });
});

describe('bot check', () => {
  it('is off by default, and the page then trusts no outside script', async () => {
    harness = await createTestApp();
    const clientConfig = await harness.app.inject('/api/client-config');
    expect(clientConfig.json()).toMatchObject({ captcha: { provider: 'none', site_key: null } });
    expect((await harness.app.inject('/healthz')).headers['content-security-policy']).not.toContain(
      'cloudflare',
    );
  });

  it('asks Turnstile to verify the widget token and refuses a failed check', async () => {
    const standIn = await startStandIn((request) => ({
      status: 200,
      body:
        request.form.get('secret') === 'turnstile-secret' && request.form.get('response') === 'good-token'
          ? { success: true, 'error-codes': [] }
          : { success: false, 'error-codes': ['invalid-input-response'] },
    }));
    try {
      harness = await createTestApp({
        env: {
          CAPTCHA_PROVIDER: 'turnstile',
          TURNSTILE_SITE_KEY: 'site-key',
          TURNSTILE_SECRET_KEY: 'turnstile-secret',
          TURNSTILE_VERIFY_URL: `${standIn.url}/turnstile/v0/siteverify`,
        },
      });
      const clientConfig = await harness.app.inject('/api/client-config');
      expect(clientConfig.json()).toMatchObject({ captcha: { provider: 'turnstile', site_key: 'site-key' } });
      // The page's policy lets the widget's script in; JSON answers have no scripts to allow.
      expect((await harness.app.inject('/healthz')).headers['content-security-policy']).toContain(
        "script-src 'self' https://challenges.cloudflare.com",
      );
      const missing = await send('9813000040', '10.9.5.1');
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.captcha).toBeDefined();
      expect((await send('9813000040', '10.9.5.1', { captcha: 'forged' })).statusCode).toBe(422);
      expect((await send('9813000040', '10.9.5.1', { captcha: 'good-token' })).statusCode).toBe(200);
      expect(standIn.requests.at(-1)!.form.get('remoteip')).toBe('10.9.5.1');
    } finally {
      await standIn.close();
    }
  });
});
