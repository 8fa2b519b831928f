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
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'sparrow',
      SPARROW_TOKEN: 't',
      SPARROW_FROM: 'f',
      PAYMENT_MODE: 'sandbox',
      KHALTI_SECRET_KEY: 'k',
      EMAIL_TRANSPORT: 'none',
    };
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
    expect(problems({ ...production, PAYMENT_MODE: 'live' }).join()).toContain(
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
        PAYMENT_MODE: 'sandbox',
        KHALTI_SECRET_KEY: 'k',
        SMS_PROVIDER: 'routed',
        SMS_PROVIDER_NEPAL: 'outbox',
        ...twilio,
      }).join(),
    ).toContain('SMS_PROVIDER_NEPAL: outbox delivers no SMS');
  });
});
