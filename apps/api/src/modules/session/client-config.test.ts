import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';

const harnesses: TestApp[] = [];
afterAll(() => Promise.all(harnesses.map((harness) => harness.close())));

async function clientConfig(env: NodeJS.ProcessEnv = {}) {
  const harness = await createTestApp({ env });
  harnesses.push(harness);
  return (await harness.app.inject('/api/client-config')).json();
}

describe('GET /api/client-config', () => {
  it('says each support contact and social page is not set unless the deployment sets it', async () => {
    expect(await clientConfig({ SUPPORT_EMAIL: '', SOCIAL_FACEBOOK_URL: '' })).toEqual({
      captcha: { provider: 'none', site_key: null },
      support: { email: null, phone: null },
      social: { facebook: null, instagram: null },
      payments: { test_mode: false, cards_enabled: false },
    });
  });

  it('says payments are tests on a production site that takes sandbox payments', async () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'sparrow',
      SPARROW_TOKEN: 'sparrow-token',
      SPARROW_FROM: 'Puja',
      EMAIL_TRANSPORT: 'none',
      KHALTI_SECRET_KEY: 'khalti-test-key',
    };
    const testSite = await clientConfig({
      ...production,
      PAYMENT_MODE: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(testSite.payments).toEqual({ test_mode: true, cards_enabled: false });
    const live = await clientConfig({
      ...production,
      PAYMENT_MODE: 'live',
      ESEWA_PRODUCT_CODE: 'EPAYTEST',
      ESEWA_SECRET_KEY: 'esewa-secret',
    });
    expect(live.payments).toEqual({ test_mode: false, cards_enabled: false });
  });

  it('answers the contacts and social pages the deployment set', async () => {
    const config = await clientConfig({
      SUPPORT_EMAIL: 'help@puja.example.org',
      SUPPORT_PHONE: '+977 1 4412345',
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/monastery.puja',
      SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/monastery.puja',
    });
    expect(config.support).toEqual({ email: 'help@puja.example.org', phone: '+977 1 4412345' });
    expect(config.social).toEqual({
      facebook: 'https://www.facebook.com/monastery.puja',
      instagram: 'https://www.instagram.com/monastery.puja',
    });
  });

  it('refuses to start with a contact that is not one', () => {
    expect(() =>
      loadConfig({
        SUPPORT_EMAIL: 'not an address',
        SUPPORT_PHONE: '4412345',
        SOCIAL_INSTAGRAM_URL: 'http://instagram.com/x',
      }),
    ).toThrow(/SUPPORT_EMAIL[\s\S]*SUPPORT_PHONE[\s\S]*SOCIAL_INSTAGRAM_URL/);
  });
});
