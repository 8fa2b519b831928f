import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * The address the rate limits count is the client's, whatever the client writes in X-Forwarded-For
 * (docs/decisions/026), under each form TRUST_PROXY takes; and `/metrics` is closed in production without
 * its token. The client sends its own header every time, with a new address in it (this machine's among
 * them); the proxy in front, where there is one, appends the address it saw, as load balancers do.
 */

const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '203.0.113.8';
const PROXY = '10.0.0.2';

let addressCounter = 0;
/** An address the client makes up: a new one each time, and sometimes this machine's. */
function spoofed(): string {
  addressCounter += 1;
  return addressCounter % 3 === 0 ? '127.0.0.1' : `198.51.100.${addressCounter % 250}`;
}

interface Form {
  name: string;
  trustProxy: string | undefined;
  /** What reaches the server for a request from `client` carrying `header` as its X-Forwarded-For. */
  arrival: (client: string, header: string) => { remoteAddress: string; forwardedFor: string };
}
const throughTheProxy = (client: string, header: string) => ({
  remoteAddress: PROXY,
  forwardedFor: `${header}, ${client}`,
});
const FORMS: Form[] = [
  {
    name: 'unset (no proxy: the client connects itself)',
    trustProxy: undefined,
    arrival: (client, header) => ({ remoteAddress: client, forwardedFor: header }),
  },
  { name: 'a hop count (TRUST_PROXY=1)', trustProxy: '1', arrival: throughTheProxy },
  {
    name: 'a list of addresses (TRUST_PROXY=10.0.0.0/8,192.168.0.10)',
    trustProxy: '10.0.0.0/8,192.168.0.10',
    arrival: throughTheProxy,
  },
  {
    name: 'a list of addresses, and a client that bypasses the proxy',
    trustProxy: '10.0.0.0/8',
    arrival: (client, header) => ({ remoteAddress: client, forwardedFor: header }),
  },
];

let harness: TestApp | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function request(
  form: Form,
  options: { method?: 'GET' | 'POST'; url: string; payload?: object; client?: string },
) {
  const { remoteAddress, forwardedFor } = form.arrival(options.client ?? CLIENT, spoofed());
  return harness!.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

describe.each(FORMS)('X-Forwarded-For written by the client, TRUST_PROXY $name', (form) => {
  const env = (limits: NodeJS.ProcessEnv) => ({
    ...(form.trustProxy ? { TRUST_PROXY: form.trustProxy } : {}),
    ...limits,
  });

  it('does not escape the sign-in codes cap per address', async () => {
    harness = await createTestApp({ env: env({ OTP_MAX_PER_IP_PER_HOUR: '3' }) });
    const sendCode = (phone: string, client?: string) =>
      request(form, {
        method: 'POST',
        url: '/api/send-otp',
        payload: { phone },
        ...(client ? { client } : {}),
      });
    for (const phone of ['9813100001', '9813100002', '9813100003'])
      expect((await sendCode(phone)).statusCode).toBe(200);
    expect((await sendCode('9813100004')).statusCode).toBe(429);
    expect((await sendCode('9813100005')).statusCode).toBe(429);
    // Counted per client, not for everyone behind the proxy.
    expect((await sendCode('9813100006', OTHER_CLIENT)).statusCode).toBe(200);
  });

  it('does not escape the sign-in attempts limit per address', async () => {
    harness = await createTestApp({ env: env({ LOGIN_ATTEMPTS_PER_MINUTE: '3' }) });
    const challenge = randomBytes(32).toString('base64url');
    const guess = (client?: string) =>
      request(form, {
        method: 'POST',
        url: '/api/login-phone',
        payload: { phone: '9813100010', otp: '123456', challenge },
        ...(client ? { client } : {}),
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    expect((await guess()).statusCode).toBe(429);
    expect((await guess(OTHER_CLIENT)).statusCode).toBe(401);
  });

  it('does not reach the metrics as this machine', async () => {
    harness = await createTestApp({ env: env({}) });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await request(form, { url: '/metrics' })).statusCode).toBe(403);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses to start trusting any X-Forwarded-For, and says what to write instead', () => {
    for (const value of [
      'true',
      'yes',
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1,128.0.0.0/1',
      '::ffff:0:0/96',
      '::/1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*trusts any X-Forwarded-For.*TRUST_PROXY=1 for one load balancer/,
      );
    }
  });
});

describe('/metrics in production', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    SMS_PROVIDER: 'sparrow',
    SPARROW_TOKEN: 'sparrow-token',
    SPARROW_FROM: 'Puja',
    EMAIL_TRANSPORT: 'none',
    PAYMENT_MODE: 'live',
    ESEWA_PRODUCT_CODE: 'EPAYTEST',
    ESEWA_SECRET_KEY: 'esewa-secret',
    KHALTI_SECRET_KEY: 'khalti-secret',
  };

  it('is not served without METRICS_TOKEN, not even to this machine', async () => {
    harness = await createTestApp({ env: production });
    for (const remoteAddress of ['127.0.0.1', '::1', CLIENT]) {
      const answer = await harness.app.inject({ url: '/metrics', remoteAddress });
      expect(answer.statusCode, remoteAddress).toBe(404);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers only the token when it is set', async () => {
    const token = 'metrics-token-0123456789';
    harness = await createTestApp({ env: { ...production, METRICS_TOKEN: token } });
    expect((await harness.app.inject({ url: '/metrics' })).statusCode).toBe(403);
    const wrong = { authorization: 'Bearer metrics-token-9876543210' };
    expect((await harness.app.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(403);
    const scraped = await harness.app.inject({
      url: '/metrics',
      remoteAddress: CLIENT,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_request_duration_seconds');
  });
});
