import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadConfig } from './env.ts';

/** What `loadConfig` says is wrong with an environment; [] when it starts. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as InvalidEnvironmentError).problems;
  }
}

describe('environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDirectory).toBe(path.resolve('./data'));
    expect(config.SEED_DEMO).toBe(true);
    expect(config.BUSINESS_TIME_ZONE).toBe('Asia/Kathmandu');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://u@db:5432/puja',
      DATA_DIR: '/srv/puja',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      DATABASE_URL: 'postgres://u@db:5432/puja',
      dataDirectory: '/srv/puja',
    });
  });

  it('names every problem at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        BUSINESS_TIME_ZONE: 'Mars/Olympus',
        SEED_DEMO: 'maybe',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const problems = (error as InvalidEnvironmentError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'BUSINESS_TIME_ZONE', 'SEED_DEMO'])
        expect(problems).toContain(name);
    }
  });

  it('refuses to run production on development stand-ins', () => {
    const production = PRODUCTION;
    expect(problems(production)).toEqual([]);
    expect(problems({ ...production, JWT_SECRET: undefined }).join()).toContain(
      'JWT_SECRET: required in production',
    );
    expect(problems({ ...production, SMS_PROVIDER: 'outbox' }).join()).toContain('outbox delivers no SMS');
    expect(
      problems({ ...production, SMS_PROVIDER: 'outbox', SMS_ALLOW_OUTBOX_IN_PRODUCTION: 'true' }),
    ).toEqual([]);
    expect(problems({ ...production, PAYMENT_MODE: 'simulator' }).join()).toContain(
      'the simulator takes no money',
    );
    expect(problems({ ...production, ESEWA_SECRET_KEY: undefined }).join()).toContain(
      'ESEWA_PRODUCT_CODE, ESEWA_SECRET_KEY',
    );
    expect(problems({ ...production, SMS_PROVIDER: 'twilio' }).join()).toContain('TWILIO_ACCOUNT_SID');
  });

  it('sends e-mail to the outbox by default, and through SMTP only with a server and a sender', () => {
    expect(loadConfig({})).toMatchObject({ EMAIL_TRANSPORT: 'outbox', SMTP_PORT: 587 });
    expect(problems({ EMAIL_TRANSPORT: 'smtp' })).toEqual([
      'SMTP_URL or SMTP_HOST: required when EMAIL_TRANSPORT=smtp',
      'EMAIL_FROM: required when EMAIL_TRANSPORT=smtp (the address patrons see and reply to)',
    ]);
    const smtp = {
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      EMAIL_FROM: 'Monastery Puja <pujas@example.org>',
    };
    expect(problems(smtp)).toEqual([]);
    expect(problems({ ...smtp, SMTP_URL: 'http://mail.example.org' }).join()).toContain('SMTP_URL');
    expect(problems({ ...smtp, EMAIL_FROM: 'pujas at example' }).join()).toContain('EMAIL_FROM');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'a',
      TWILIO_FROM: '+15005550006',
      PAYMENT_MODE: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      KHALTI_SECRET_KEY: 'k',
    };
    expect(problems(production)).toEqual([
      'EMAIL_TRANSPORT: required in production (smtp, or none to send no e-mail)',
    ]);
    expect(problems({ ...production, EMAIL_TRANSPORT: 'outbox' }).join()).toContain(
      'outbox delivers no e-mail',
    );
    expect(problems({ ...production, ...smtp })).toEqual([]);
  });

  it('routes SMS by destination only with each route’s provider configured', () => {
    const sparrow = { SPARROW_TOKEN: 't', SPARROW_FROM: 'f' };
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'a',
      TWILIO_FROM: '+15005550006',
    };
    const routed = loadConfig({ SMS_PROVIDER: 'routed', ...sparrow, ...twilio });
    expect(routed).toMatchObject({ SMS_PROVIDER_NEPAL: 'sparrow', SMS_PROVIDER_ABROAD: 'twilio' });
    expect(problems({ SMS_PROVIDER: 'routed', ...sparrow })).toEqual([
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when SMS_PROVIDER_ABROAD=twilio',
    ]);
    expect(problems({ SMS_PROVIDER: 'routed', ...twilio })).toEqual([
      'SPARROW_TOKEN, SPARROW_FROM: required when SMS_PROVIDER_NEPAL=sparrow',
    ]);
    // Sparrow cannot carry numbers abroad, and one provider for both routes is SMS_PROVIDER=<it>.
    expect(problems({ SMS_PROVIDER: 'routed', SMS_PROVIDER_ABROAD: 'sparrow', ...sparrow }).join()).toContain(
      'SMS_PROVIDER_ABROAD',
    );
    expect(problems({ SMS_PROVIDER: 'routed', SMS_PROVIDER_NEPAL: 'twilio', ...twilio }).join()).toContain(
      'set SMS_PROVIDER=twilio instead of routed',
    );
    // The development outbox may stand in for one route (the end-to-end tests do), not in production.
    expect(problems({ SMS_PROVIDER: 'routed', SMS_PROVIDER_NEPAL: 'outbox', ...twilio })).toEqual([]);
    expect(
      problems({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PAYMENT_MODE: 'live',
        ESEWA_PRODUCT_CODE: 'p',
        ESEWA_SECRET_KEY: 's',
        KHALTI_SECRET_KEY: 'k',
        SMS_PROVIDER: 'routed',
        SMS_PROVIDER_NEPAL: 'outbox',
        ...twilio,
      }).join(),
    ).toContain('SMS_PROVIDER_NEPAL: outbox delivers no SMS');
  });

  it('seeds demo data by default outside production only', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig(PRODUCTION).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('takes test payments in production only when told to, and then says so to the web app', () => {
    const sandbox = { ...PRODUCTION, PAYMENT_MODE: 'sandbox', ESEWA_PRODUCT_CODE: undefined };
    expect(problems(sandbox)).toEqual([
      'PAYMENT_MODE: sandbox marks orders paid while no money moves; production needs live, or set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true for a test site (every page then says payments are tests)',
    ]);
    expect(loadConfig({ ...sandbox, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' }).paymentsAreTests).toBe(
      true,
    );
    expect(loadConfig(PRODUCTION).paymentsAreTests).toBe(false);
    // Outside production the sandbox (and the simulator) are the usual test systems: no banner.
    expect(loadConfig({ PAYMENT_MODE: 'sandbox', KHALTI_SECRET_KEY: 'k' }).paymentsAreTests).toBe(false);
  });

  it('trusts X-Forwarded-For from a number of proxies or from their addresses, never from anyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const none of ['', 'false', '0']) expect(loadConfig({ TRUST_PROXY: none }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.10 ,fd00::/8,loopback' }).TRUST_PROXY).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.10', 'fd00::/8', 'loopback'],
    });
    expect(problems({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY: "true" trusts any X-Forwarded-For, which every client can write; write how many proxies stand in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8 or 10.0.1.5,10.0.1.6)',
    ]);
    expect(problems({ TRUST_PROXY: '10.0.0.0/33,proxy.internal,10.0.0.1/8/1' })).toEqual([
      'TRUST_PROXY: "10.0.0.0/33" has no valid prefix length',
      'TRUST_PROXY: "proxy.internal" is neither a number of proxies nor an IP address or CIDR range (10.0.0.0/8)',
      'TRUST_PROXY: "10.0.0.1/8/1" is neither a number of proxies nor an IP address or CIDR range (10.0.0.0/8)',
    ]);
    expect(problems({ TRUST_PROXY: '11' }).join()).toContain('at most 10 proxies');
  });
});

/** A production environment that starts. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  SMS_PROVIDER: 'sparrow',
  SPARROW_TOKEN: 't',
  SPARROW_FROM: 'f',
  PAYMENT_MODE: 'live',
  ESEWA_PRODUCT_CODE: 'p',
  ESEWA_SECRET_KEY: 's',
  KHALTI_SECRET_KEY: 'k',
  EMAIL_TRANSPORT: 'none',
};
