import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (no browser download) against the real app: `npm start` on a free
 * port with a fresh data folder, so the embedded PostgreSQL and the demo seed are real. `npm run test:e2e`
 * (scripts/e2e.mjs) picks the port and the folder.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDirectory = process.env.E2E_DATA_DIR ?? path.join('/tmp', `puja-e2e-${port}`);
const baseURL = `http://127.0.0.1:${port}`;
/** Nepal Rastra Bank's stand-in, for the exchange rates beside prices. */
const nrbPort = Number(process.env.E2E_NRB_PORT ?? port + 3);
/**
 * Outside services played on this machine (apps/api/test/stand-ins/e2e-stand-ins.ts): Twilio, which carries
 * the SMS to numbers abroad (Nepali numbers go to the app's own outbox), and an SMTP server for the e-mails.
 * What they receive is written under the data folder, where e2e/sms-outbox.ts and e2e/email-inbox.ts read it.
 */
const twilioPort = Number(process.env.E2E_TWILIO_PORT ?? port + 1);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2);
/**
 * A browser's push service (docs/decisions/041), in the same stand-ins process: Chromium's own is out of
 * reach offline, so a test subscribes with this endpoint and reads what the server pushed to it.
 */
const pushPort = Number(process.env.E2E_PUSH_PORT ?? port + 4);
/**
 * Stripe's stand-in (apps/api/src/integrations/payments/stripe-stand-in.ts, docs/decisions/052): with its
 * keys the app takes cards, the patron pays on its Checkout page, and it signs and delivers the webhooks.
 */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 5);
const STRIPE_SECRET_KEY = 'sk_test_e2e_stand_in';
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in';
/** The Twilio account the stand-in accepts (apps/api/test/stand-ins/sms-stand-ins.ts). */
const TWILIO_ACCOUNT_SID = `AC${'a'.repeat(32)}`;
/** A small phone: 360 px wide, touch. */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: 'e2e',
  // Runs side by side (scripts/e2e.mjs, E2E_SHARDS) each keep their traces and screenshots in a folder of
  // their own: in one folder, each run's workers are numbered from 0 and take each other's files.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // One spec at a time: the specs share this server and its demo accounts, and some change the demo data
  // for a while that others read (staff-back-office.spec.ts adds a puja to Kopan, whose list other specs
  // check); two workers would also ask for codes to the same demo numbers at once and wait out the server's
  // 10 s between two codes. On the two-core CI machine the server and Chromium already use both cores.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The payment tests walk through the simulator and back; a loaded two-core machine needs the margin: the
  // longest default-length tests take 15–17 s on a quiet one, and CI has run three times slower.
  timeout: 90_000,
  // Back-office pages load lazy code and several queries. Two runs side by side on two cores (CI) have
  // taken over 10 s to show the staff dashboard; a wait is not a speed check, and passing tests pay nothing.
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /responsive/ },
    { name: 'phone', use: PHONE, testMatch: /responsive/ },
    {
      // The patron's path again on a 360 px phone: the tests tagged @phone in the patron's specs (signing in,
      // ordering and paying, messages, the account, the proof of a puja) run in both projects.
      name: 'patron-phone',
      use: PHONE,
      testMatch: /(sign-in|ordering|patron-.*|account-and-info-pages|proof)\.spec\.ts$/,
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      // Nepal Rastra Bank's rates API (apps/api/test/stand-ins/nrb-stand-in.ts, made-up rates): the server
      // asks it when it starts with no rates (docs/decisions/020).
      command: 'npx tsx apps/api/test/stand-ins/nrb-stand-in.ts',
      port: nrbPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { NRB_STAND_IN_PORT: String(nrbPort) },
    },
    {
      command: 'npx tsx apps/api/test/stand-ins/e2e-stand-ins.ts',
      port: twilioPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_TWILIO_PORT: String(twilioPort),
        E2E_SMTP_PORT: String(smtpPort),
        E2E_PUSH_PORT: String(pushPort),
        STAND_INS_DIR: path.join(dataDirectory, 'stand-ins'),
      },
    },
    {
      command: 'npx tsx apps/api/src/integrations/payments/stripe-stand-in.ts',
      port: stripePort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_STAND_IN_PORT: String(stripePort),
        STRIPE_STAND_IN_WEBHOOK_URL: `${baseURL}/api/stripe-webhook`,
      },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // No PUBLIC_URL, as in development: the simulator's pages are at the default `localhost` address
        // while the browser uses 127.0.0.1, and paying must still bring the patron back to 127.0.0.1, signed
        // in (the return address follows the loopback origin the patron pays from).
        DATA_DIR: dataDirectory,
        LOG_LEVEL: 'warn',
        // A number is texted at most once every 10 s (60 s in production): short enough for the suite, whose
        // helpers wait as the server says when one account signs in twice in a row (sign-in-helpers.ts), and
        // long enough to watch the resend countdown against the real rule (sign-in.spec.ts).
        OTP_RESEND_SECONDS: '10',
        // The demo patron orders many pujas across the specs, more than a patron would in an hour.
        ORDERS_PER_PATRON_PER_HOUR: '10000',
        // Every test signs in from 127.0.0.1, many times a run: the other throttles would stop the suite.
        OTP_MAX_PER_IP_PER_HOUR: '1000',
        OTP_MAX_PER_PHONE_PER_HOUR: '100',
        LOGIN_ATTEMPTS_PER_MINUTE: '1000',
        NRB_API_URL: `http://127.0.0.1:${nrbPort}/api/forex/v1`,
        // SMS by destination (docs/decisions/019): Nepali numbers to the outbox, every other number through
        // the Twilio stand-in; e-mail through the stand-in SMTP server.
        SMS_PROVIDER: 'routed',
        SMS_PROVIDER_NEPAL: 'outbox',
        SMS_PROVIDER_ABROAD: 'twilio',
        TWILIO_API_URL: `http://127.0.0.1:${twilioPort}`,
        TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: 'twilio-test-token',
        TWILIO_FROM: '+15005550006',
        EMAIL_TRANSPORT: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        EMAIL_FROM: 'Monastery Puja <pujas@e2e.test>',
        // Web Push to the push services browsers use, and to the local stand-in (an origin with its scheme).
        // Cards on (docs/decisions/052), through the Stripe stand-in: the payment step offers them.
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
        WEB_PUSH_SERVICES: [
          'fcm.googleapis.com',
          'updates.push.services.mozilla.com',
          'web.push.apple.com',
          '.notify.windows.com',
          `http://127.0.0.1:${pushPort}`,
        ].join(','),
      },
    },
  ],
});
