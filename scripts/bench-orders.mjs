// `npm run bench:orders`: order placement under load. Starts the real app (npm start: built, embedded
// PostgreSQL, demo data), signs the demo patron in through the API (the code read from the SMS outbox),
// then autocannon places orders for a Kopan puja with BENCH_CONNECTIONS (20) connections for BENCH_SECONDS
// (10) after a warm-up, and prints orders/s, p50/p99 latency and non-2xx answers. Figures only: nothing
// here passes or fails a build (goal of issue 11: ≥ 400 orders/s with p99 < 100 ms).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import getPort from 'get-port';
import { waitFor } from './bench/wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const PATRON = '9800000003';

const port = await getPort();
const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'puja-bench-orders-'));
chmodSync(dataDirectory, 0o755);
const app = spawn('node', [path.join(root, 'scripts/start.mjs')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // One patron places thousands of orders here: above the hourly limit a real patron has.
    ORDERS_PER_PATRON_PER_HOUR: '100000000',
    OTP_RESEND_SECONDS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.once('SIGINT', () => {
  app.kill('SIGTERM');
  process.exit(130);
});

try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app);
  const form = (fields) => new URLSearchParams(fields);
  const sent = await fetch(`${base}/api/send-otp`, {
    method: 'POST',
    body: form({ code: '+977', phone: PATRON }),
  });
  if (!sent.ok) throw new Error(`send-otp: ${sent.status}`);
  const { challenge } = await sent.json();
  const outbox = readFileSync(path.join(dataDirectory, 'sms-outbox.jsonl'), 'utf8').trim().split('\n');
  const otp = /\b(\d{6})\b/.exec(JSON.parse(outbox.at(-1)).text)[1];
  const login = await fetch(`${base}/api/login-phone`, {
    method: 'POST',
    body: form({ code: '+977', phone: PATRON, otp, challenge }),
  });
  const { token } = await login.json();
  const { monastery } = await (await fetch(`${base}/api/monastery/kopan-monastery/edit`)).json();
  const puja = monastery.pujas[0];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 7);
  const body = JSON.stringify({
    monastery: monastery.id,
    puja: puja.id,
    cost: puja.pivot.cost,
    date: date.toISOString().slice(0, 10),
    payment: 'esewa',
  });
  const run = () =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: `${base}/api/order`,
          method: 'POST',
          connections,
          duration,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });

  console.log(
    `\nautocannon: POST /api/order, ${connections} connections, ${duration} s (after a warm-up run)\n`,
  );
  await run();
  const result = await run();
  console.table([
    {
      'orders/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'non-2xx': result.non2xx,
      errors: result.errors,
    },
  ]);
} finally {
  app.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  rmSync(dataDirectory, { recursive: true, force: true });
}
