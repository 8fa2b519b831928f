// `npm run test:e2e`: Playwright against the real app on a free port with a fresh data folder
// (a new embedded PostgreSQL, freshly seeded), removed afterwards, and the stand-ins of Twilio and of an
// SMTP server on ports of their own.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';

const port = await getPort();
// The stand-ins of Twilio and of an SMTP server (playwright.config.ts), each on a port of its own.
const twilioPort = await getPort({ exclude: [port] });
const smtpPort = await getPort({ exclude: [port, twilioPort] });
// Nepal Rastra Bank's stand-in (the exchange rates beside prices).
const nrbPort = await getPort({ exclude: [port, twilioPort, smtpPort] });
// Under the system temp folder, which the `postgres` user can reach when we run as root.
const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'puja-e2e-'));
chmodSync(dataDirectory, 0o755);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_TWILIO_PORT: String(twilioPort),
    E2E_SMTP_PORT: String(smtpPort),
    E2E_DATA_DIR: dataDirectory,
    E2E_NRB_PORT: String(nrbPort),
  },
});
rmSync(dataDirectory, { recursive: true, force: true });
process.exit(result.status ?? 1);
