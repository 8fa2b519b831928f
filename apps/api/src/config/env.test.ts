import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadConfig } from './env.ts';

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
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as InvalidEnvironmentError).problems;
      }
    };
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'sparrow',
      SPARROW_TOKEN: 't',
      SPARROW_FROM: 'f',
      PAYMENT_MODE: 'sandbox',
      KHALTI_SECRET_KEY: 'k',
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

  it('routes SMS by destination only with each route’s provider configured', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as InvalidEnvironmentError).problems;
      }
    };
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
