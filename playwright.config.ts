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
/** A small phone: 360 px wide, touch. */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The payment tests walk through the simulator and back; a loaded two-core machine needs the margin.
  timeout: 45_000,
  // Back-office pages load lazy code and several queries: 10 s keeps a busy CI machine from failing them.
  expect: { timeout: 10_000 },
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
      // ordering and paying, messages, the account) run in both projects.
      name: 'patron-phone',
      use: PHONE,
      testMatch: /(sign-in|ordering|patron-.*|account-and-info-pages)\.spec\.ts$/,
      grep: /@phone/,
    },
  ],
  webServer: {
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
    },
  },
});
