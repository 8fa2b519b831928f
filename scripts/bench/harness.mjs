// What the bench scripts share: start the real app (scripts/start.mjs: built if stale, embedded PostgreSQL,
// demo data) on a temporary DATA_DIR and a free port, sign people in through the API, place orders in bulk,
// reach the embedded database, read the server's memory and print latency figures. Figures only: nothing
// here passes or fails a build.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import getPort from 'get-port';
import pg from 'pg';
import { waitFor } from './wait-for.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The demo accounts (README "Demo data"): national numbers, signed in with a code from the SMS outbox. */
export const DEMO_STAFF_PHONE = '9800000002'; // Kopan Monastery's staff
export const DEMO_PATRON_PHONE = '9800000003';
export const KOPAN = 'kopan-monastery';

/**
 * Limits a real patron meets, raised so that seeding is not refused: one address signs many people in
 * within seconds, and one patron places hundreds of orders within the hour.
 */
const LOAD_SETTINGS = {
  ORDERS_PER_PATRON_PER_HOUR: '100000000',
  OTP_RESEND_SECONDS: '0',
  OTP_MAX_PER_PHONE_PER_HOUR: '100000',
  OTP_MAX_PER_IP_PER_HOUR: '100000',
  OTP_MAX_PER_COUNTRY_PER_DAY: '100000',
  OTP_MAX_PER_DAY: '100000',
  LOGIN_ATTEMPTS_PER_MINUTE: '100000',
};

/**
 * Starts `node scripts/start.mjs` (which builds only what is missing or older than its sources, then runs
 * the server in its own process: `pid` is the server's) with its own DATA_DIR under the system's temporary
 * folder, and waits for /healthz. `stop()` ends it and removes the folder.
 */
export async function startApp(name, env = {}) {
  const port = await getPort();
  const dataDirectory = mkdtempSync(path.join(os.tmpdir(), `puja-${name}-`));
  chmodSync(dataDirectory, 0o755); // reachable by the `postgres` user PostgreSQL runs as under root
  const child = spawn('node', [path.join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...LOAD_SETTINGS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // The server closes its connections, then stops its PostgreSQL; bounded in case it hangs.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      rmSync(dataDirectory, { recursive: true, force: true });
    })();
    return stopping;
  };
  process.once('SIGINT', () => {
    child.kill('SIGTERM');
    process.exit(130);
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDirectory, pid: child.pid, stop };
}

async function call(app, method, route, { token, body } = {}) {
  const response = await fetch(`${app.base}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * Signs a person in by phone as the web app does: send-otp, the code from DATA_DIR/sms-outbox.jsonl, then
 * login-phone. A `challenge` in send-otp's answer goes back with the code. Returns the bearer token.
 */
export async function signIn(app, nationalNumber, dialCode = '+977') {
  const since = Date.now();
  const sent = await call(app, 'POST', '/api/send-otp', { body: { code: dialCode, phone: nationalNumber } });
  const outbox = path.join(app.dataDirectory, 'sms-outbox.jsonl');
  for (let tries = 0; tries < 100; tries += 1) {
    const otp = (existsSync(outbox) ? readFileSync(outbox, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
      .filter((sms) => sms.to === `${dialCode}${nationalNumber}` && Date.parse(sms.sent_at) >= since - 1000)
      .map((sms) => /\b(\d{6})\b/.exec(sms.text)?.[1])
      .findLast(Boolean);
    if (otp) {
      const { token } = await call(app, 'POST', '/api/login-phone', {
        body: {
          code: dialCode,
          phone: nationalNumber,
          otp,
          ...(sent?.challenge ? { challenge: sent.challenge } : {}),
        },
      });
      if (!token) throw new Error(`login-phone for ${nationalNumber}: no token`);
      return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code for ${nationalNumber} in ${outbox}`);
}

/** `count` patrons: the demo patron first, then new ones (any valid number signs a new patron up). */
export async function signInPatrons(app, count) {
  const phones = [DEMO_PATRON_PHONE];
  for (let index = 1; index < count; index += 1) phones.push(`98110${String(index).padStart(5, '0')}`);
  const patrons = [];
  for (const phone of phones) patrons.push({ phone, token: await signIn(app, phone) });
  return patrons;
}

/** What can be ordered (of one monastery, or of all): `{ monastery, puja, cost }` with today's price. */
export async function offeringsOf(app, slug) {
  const monasteries = slug
    ? [(await call(app, 'GET', `/api/monastery/${slug}/edit`)).monastery]
    : (await call(app, 'GET', '/api/monastery')).monasteries;
  const offerings = monasteries.flatMap((monastery) =>
    monastery.pujas
      .filter((puja) => puja.pivot && puja.status === 1)
      .map((puja) => ({ monastery: monastery.id, puja: puja.id, cost: puja.pivot.cost })),
  );
  if (offerings.length === 0) throw new Error(`nothing to order at ${slug ?? 'any monastery'}`);
  return offerings;
}

export function getJson(app, route, token) {
  return call(app, 'GET', route, { token });
}

/** A puja's day `days` after today in Nepal (the business time zone), as the order form sends it. */
export function pujaDateInDays(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The body of POST /api/order for the n-th order of a run: offerings, days and payment methods in turn. */
export function orderBody(offerings, n) {
  return JSON.stringify({
    ...offerings[n % offerings.length],
    date: pujaDateInDays(1 + (n % 300)),
    payment: n % 2 === 0 ? 'esewa' : 'khalti',
    beneficiary: 'Bench',
  });
}

/** autocannon as a promise; `onStart` gets the running instance (for its events). */
export function cannon(options, onStart) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    onStart?.(instance);
  });
}

/**
 * Places `count` orders through POST /api/order with `connections` requests in flight, the patrons taking
 * turns. Returns what autocannon measured (non-2xx answers are not orders: the caller counts the rows).
 */
export function placeOrders(app, { patrons, offerings, count, connections = 16 }) {
  let next = 0;
  return cannon({
    url: `${app.base}/api/order`,
    connections: Math.min(connections, count),
    amount: count,
    timeout: 60,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            headers: {
              ...request.headers,
              authorization: `Bearer ${patrons[n % patrons.length].token}`,
              'content-type': 'application/json',
            },
            body: orderBody(offerings, n),
          };
        },
      },
    ],
  });
}

/**
 * A client of the app's embedded PostgreSQL, found as the server finds a running one: the port is the fourth
 * line of the cluster's postmaster.pid (apps/api/src/db/embedded-postgres.ts has the user and password).
 */
export async function connectDatabase(app) {
  const lockFile = readFileSync(path.join(app.dataDirectory, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(lockFile.split('\n')[3]);
  const client = new pg.Client({
    connectionString: `postgres://postgres:embedded-local-only@127.0.0.1:${port}/puja`,
  });
  await client.connect();
  return client;
}

/**
 * The server process's resident memory in MB: VmRSS from /proc/<pid>/status (Linux), else
 * process_resident_memory_bytes from GET /metrics (which answers this machine without a token).
 */
export async function residentMegabytes(app) {
  try {
    const status = readFileSync(`/proc/${app.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) / 1024;
  } catch {
    const token = process.env.METRICS_TOKEN;
    const response = await fetch(`${app.base}/metrics`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN) / 1024 / 1024;
  }
}

/** The q-th percentile (0–100) of a list of numbers, nearest rank; NaN for an empty list. */
export function percentile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))];
}

/** Milliseconds for a table: whole above 10 ms, one decimal below, a dash when nothing was measured. */
export function ms(value) {
  if (!Number.isFinite(value)) return '—';
  return value >= 10 ? Math.round(value) : Number(value.toFixed(1));
}

/** One row of figures from an autocannon result. */
export function figures(result) {
  const responses = result['2xx'] + result.non2xx;
  return {
    'req/s': Number(result.requests.average.toFixed(1)),
    responses,
    'p50 ms': responses > 0 ? result.latency.p50 : '—',
    'p99 ms': responses > 0 ? result.latency.p99 : '—',
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

/** Times `times` requests one after another (nothing else running): median and largest, and the size. */
export async function timeAlone(app, route, token, times = 5) {
  const durations = [];
  let bytes = 0;
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    const response = await fetch(`${app.base}${route}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = await response.arrayBuffer();
    durations.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    bytes = body.byteLength;
  }
  return { 'p50 ms': ms(percentile(durations, 50)), 'max ms': ms(Math.max(...durations)), bytes };
}
