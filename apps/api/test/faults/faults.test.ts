import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { runAdmin, withDatabase } from '../global-setup.ts';
import { multipart } from '../multipart.ts';
import { signInOverHttp } from '../sign-in-over-http.ts';
import { startTcpProxy, type TcpProxy } from '../stand-ins/tcp-proxy.ts';

/**
 * `npm run test:faults` (docs/decisions/025): the built server, as `npm start` runs it, meets the outages
 * of issue #27, under order load.
 * 1. A TCP proxy of our own between the server and PostgreSQL cuts the database for 70 s, across the top
 *    of a minute (when the job queue's cron fires): the process never exits, every answer during the cut
 *    is 503 with Retry-After (never 500), /readyz fails and /livez holds, and afterwards orders, the job
 *    queue and the minute cron run again; no acknowledged order is lost.
 * 2. `kill -9` of the embedded PostgreSQL: the server exits, the supervisor (`scripts/supervisor.mjs`)
 *    starts it again, it brings PostgreSQL back, and no acknowledged order is lost.
 * 3. A full disk (a 1 MiB tmpfs over the uploads folder, filled up; skipped where mounting is not allowed):
 *    an upload answers 507, and nothing of it is left, neither a file nor a row.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CUT_SECONDS = 70;
/** The cut starts at least this long before the top of a minute and ends at least this long after it. */
const CUT_MARGIN_SECONDS = 5;
const PATRON_PHONES = ['9800000003', '9811000001', '9811000002'];
const CLIENTS = 6;

const cleanups: (() => Promise<unknown>)[] = [];
let bundle: string;

beforeAll(async () => {
  // The API bundle, as apps/api/build.mjs makes it, into a file of this run's own, one folder below
  // apps/api as dist/ is (so the migrations and the web build are found where the server looks).
  bundle = path.join(repositoryRoot, 'apps/api/.tmp', `faults-server-${process.pid}.js`);
  const manifest = JSON.parse(await fs.readFile(path.join(repositoryRoot, 'apps/api/package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(repositoryRoot, 'apps/api/src/server.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@puja/')),
    logLevel: 'warning',
  });
  cleanups.push(() => fs.rm(bundle, { force: true }));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.warn(error));
});

describe('the database cut for 70 s across the top of a minute, under order load', () => {
  let server: Server;
  let proxy: TcpProxy;
  let databaseUrl: string;

  beforeAll(async () => {
    // Under /tmp so the `postgres` user that PostgreSQL runs as (when we are root) can reach it.
    const folder = await temporaryFolder('puja-faults-pg-');
    const embedded = await startEmbeddedPostgres(folder, () => undefined, 'postgres');
    cleanups.push(embedded.stop);
    await runAdmin(embedded.connectionString, 'CREATE DATABASE puja_faults');
    databaseUrl = withDatabase(embedded.connectionString, 'puja_faults');
    proxy = await startTcpProxy(Number(new URL(databaseUrl).port));
    cleanups.push(proxy.close);
    const throughProxy = new URL(databaseUrl);
    throughProxy.port = String(proxy.port);
    server = await startServer([bundle], { DATABASE_URL: throughProxy.toString() });
  });

  it('answers 503, never 500, keeps running, and resumes by itself', async () => {
    const patrons = await signInPatrons(server);
    const load = startOrderLoad(patrons);
    const probes = startProbes(server);
    await delay(2_000);

    // Any 70 s spans the top of a minute; wait only if it would fall too near either end.
    const toTopOfMinute = 60 - ((Date.now() / 1000) % 60);
    if (toTopOfMinute < CUT_MARGIN_SECONDS) await delay((toTopOfMinute + 1) * 1000);
    const cutAt = Date.now();
    proxy.cut();
    await delay(CUT_SECONDS * 1000);
    await proxy.restore();
    const restoredAt = Date.now();
    const topOfMinute = Math.ceil(cutAt / 60_000) * 60_000;
    expect(topOfMinute - cutAt).toBeGreaterThanOrEqual(CUT_MARGIN_SECONDS * 1000 - 1_000);
    expect(restoredAt - topOfMinute).toBeGreaterThanOrEqual(CUT_MARGIN_SECONDS * 1000 - 1_000);

    const readyAgain = await waitForReady(server, 60);
    const ordersBefore = load.acknowledged.size;
    await delay(3_000);
    load.stop();
    probes.stop();
    await Promise.all([load.done, probes.done]);

    expect(server.process.exitCode, server.logTail()).toBeNull();
    expect(server.process.signalCode).toBeNull();
    // During the cut (a second's grace at each end for requests already on their way).
    const during = (answer: Answer) => answer.at > cutAt + 1_000 && answer.at < restoredAt;
    const orderAnswers = load.answers.filter(during);
    expect(orderAnswers.length).toBeGreaterThan(0);
    expect(statusCounts(orderAnswers)).toEqual({ 503: orderAnswers.length });
    for (const answer of orderAnswers) expect(answer.retryAfter).toMatch(/^\d+$/);
    expect(orderAnswers[0]!.message).toMatch(/cannot reach our database/);
    expect(statusCounts(probes.readiness.filter(during))).toEqual({
      503: probes.readiness.filter(during).length,
    });
    expect(statusCounts(probes.liveness.filter(during))).toEqual({
      200: probes.liveness.filter(during).length,
    });
    // Never a 500, before, during or after.
    expect(load.answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    // Orders are taken again after the cut.
    expect(load.answers.some((answer) => answer.at > readyAgain && answer.status === 200)).toBe(true);
    expect(load.acknowledged.size).toBeGreaterThan(0);
    expect(ordersBefore).toBeLessThan(load.acknowledged.size);
    console.log(
      `database cut ${((restoredAt - cutAt) / 1000).toFixed(1)} s across ${new Date(topOfMinute).toISOString()}:` +
        ` ${orderAnswers.length} order answers during it, ${JSON.stringify(statusCounts(orderAnswers))};` +
        ` ready again ${((readyAgain - restoredAt) / 1000).toFixed(1)} s after; ${load.acknowledged.size} orders` +
        ` acknowledged in all, answers ${JSON.stringify(statusCounts(load.answers))}`,
    );

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      // No acknowledged order lost.
      const { rows } = await database.query<{ id: number }>(
        'SELECT id FROM orders WHERE id = ANY($1::int[])',
        [[...load.acknowledged]],
      );
      expect(rows.length).toBe(load.acknowledged.size);
      // The job queue runs jobs again: one added now is taken and done.
      const { rows: added } = await database.query<{ id: string }>(
        "SELECT id FROM graphile_worker.add_job('expire-orders', '{}'::json)",
      );
      await waitFor(30, async () => {
        const left = await database.query('SELECT 1 FROM graphile_worker._private_jobs WHERE id = $1', [
          added[0]!.id,
        ]);
        return left.rowCount === 0;
      });
      // The real minute cron fires again: its next run after the cut is recorded.
      await waitFor(75, async () => {
        const { rows: crontabs } = await database.query<{ last: Date | null }>(
          "SELECT max(last_execution) AS last FROM graphile_worker._private_known_crontabs WHERE identifier = 'expire-orders'",
        );
        return (crontabs[0]?.last?.getTime() ?? 0) > restoredAt;
      });
    } finally {
      await database.end();
    }
    expect(server.process.exitCode).toBeNull();
  });

  afterAll(async () => server?.stop());
});

describe('the embedded PostgreSQL killed with kill -9, and a full disk', () => {
  let server: Server;

  beforeAll(async () => {
    // `npm start`'s supervisor around the built server, which runs its own embedded PostgreSQL.
    server = await startServer([path.join(repositoryRoot, 'scripts/supervisor.mjs'), bundle], {
      DATABASE_URL: '',
    });
  });

  it('comes back by itself: the supervisor starts the server again, and it starts PostgreSQL', async () => {
    const patrons = await signInPatrons(server);
    const load = startOrderLoad(patrons);
    await delay(2_000);
    const postmaster = await embeddedPostmaster(server.dataDirectory);
    process.kill(postmaster.pid, 'SIGKILL');
    const killedAt = Date.now();
    // Its backends may answer a probe for a moment after the postmaster is gone: ready means ready on a
    // new PostgreSQL, whose postmaster.pid names another process.
    await waitFor(90, async () =>
      embeddedPostmaster(server.dataDirectory).then(
        (now) => now.pid !== postmaster.pid,
        () => false,
      ),
    );
    const readyAgain = await waitForReady(server, 90);
    console.log(
      `embedded PostgreSQL killed: ready again after ${((readyAgain - killedAt) / 1000).toFixed(1)} s`,
    );
    await delay(2_000);
    load.stop();
    await load.done;

    expect(server.process.exitCode, server.logTail()).toBeNull();
    const restarted = await embeddedPostmaster(server.dataDirectory);
    expect(restarted.pid).not.toBe(postmaster.pid);
    expect(server.logTail()).toMatch(/The embedded PostgreSQL stopped by itself/);
    expect(load.answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    expect(load.answers.some((answer) => answer.at > killedAt && answer.status === 200)).toBe(true);
    const database = new pg.Client({ connectionString: restarted.connectionString });
    await database.connect();
    try {
      const { rows } = await database.query('SELECT id FROM orders WHERE id = ANY($1::int[])', [
        [...load.acknowledged],
      ]);
      expect(rows.length).toBe(load.acknowledged.size);
    } finally {
      await database.end();
    }
  });

  it('answers an upload 507 when the disk is full, and keeps nothing of it', async (context) => {
    const uploads = path.join(server.dataDirectory, 'uploads');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploads], { stdio: 'pipe' });
    } catch (error) {
      context.skip(`mounting a small tmpfs is not allowed here: ${String(error)}`);
    }
    try {
      // Filled to the last byte.
      await fs.writeFile(path.join(uploads, 'filler'), Buffer.alloc(2 * 1024 * 1024)).catch(() => undefined);
      const admin = (await signInOverHttp('9800000001', server)).token;
      const name = `Full Disk Gompa ${randomUUID().slice(0, 8)}`;
      const image = await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 40, b: 10 } },
      })
        .jpeg()
        .toBuffer();
      const form = await multipart({ name, description: 'Uploaded onto a full disk.', status: '1' }, [
        { field: 'image', bytes: image, type: 'image/jpeg', name: 'photo.jpg' },
      ]);
      const answer = await fetch(`${server.url}/api/monastery`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${admin}` },
        body: new Uint8Array(form.payload),
      });
      expect(answer.status, await answer.clone().text()).toBe(507);
      expect(((await answer.json()) as { message: string }).message).toMatch(/storage is full/);
      // Nothing half-written: no file but the filler, and no monastery.
      expect(await listFiles(uploads)).toEqual(['filler']);
      const catalogue = (await (await fetch(`${server.url}/api/monastery`)).json()) as {
        monasteries: { name: string }[];
      };
      expect(catalogue.monasteries.map((monastery) => monastery.name)).not.toContain(name);
    } finally {
      execFileSync('umount', [uploads]);
    }
  });

  afterAll(async () => server?.stop());
});

// ---- The server process ----

interface Server {
  url: string;
  dataDirectory: string;
  process: ChildProcess & { exited: Promise<unknown> };
  logTail: () => string;
  stop: () => Promise<void>;
}

async function temporaryFolder(prefix: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(folder, 0o755);
  cleanups.push(() => fs.rm(folder, { recursive: true, force: true }));
  return folder;
}

/** `node <args>` with the server's settings, in a data folder of its own (its working folder: no .env). */
async function startServer(args: string[], env: Record<string, string>): Promise<Server> {
  const dataDirectory = await temporaryFolder('puja-faults-data-');
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: dataDirectory,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_POOL_SIZE: '4',
      // Throttles out of the way: the load is the point here.
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_PHONE_PER_HOUR: '100000',
      OTP_MAX_PER_IP_PER_HOUR: '100000',
      OTP_MAX_PER_DAY: '100000',
      ORDERS_PER_PATRON_PER_HOUR: '1000000',
      ...env,
    },
    // Its own process group, so the stop reaches the supervisor's server and PostgreSQL too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server: Server = {
    url: `http://127.0.0.1:${port}`,
    dataDirectory,
    process: Object.assign(child, { exited }),
    logTail: () => output.join('').split('\n').slice(-40).join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  cleanups.push(server.stop);
  await waitForReady(server, 180);
  return server;
}

/** Polls /readyz until it answers 200; fails when the server exits or the time is up. */
async function waitForReady(server: Server, limitSeconds: number): Promise<number> {
  const deadline = Date.now() + limitSeconds * 1000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.logTail()}`);
    const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(3_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return Date.now();
    await delay(250);
  }
  throw new Error(`/readyz did not answer 200 within ${limitSeconds} s:\n${server.logTail()}`);
}

async function embeddedPostmaster(dataDirectory: string) {
  const lines = (await fs.readFile(path.join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8')).split(
    '\n',
  );
  return {
    pid: Number(lines[0]),
    connectionString: `postgres://postgres:embedded-local-only@127.0.0.1:${lines[3]}/puja`,
  };
}

// ---- Load and probes ----

interface Answer {
  at: number;
  status: number;
  retryAfter?: string | null;
  message?: string;
}

async function signInPatrons(server: Server) {
  const tokens: string[] = [];
  for (const phone of PATRON_PHONES) tokens.push((await signInOverHttp(phone, server)).token);
  const catalogue = (await (await fetch(`${server.url}/api/monastery`)).json()) as {
    monasteries: { id: number; pujas?: { id: number; status: number; pivot?: { cost: number } }[] }[];
  };
  const offerings = catalogue.monasteries.flatMap((monastery) =>
    (monastery.pujas ?? [])
      .filter((puja) => puja.pivot && puja.status === 1)
      .map((puja) => ({ monastery: monastery.id, puja: puja.id, cost: puja.pivot!.cost })),
  );
  expect(offerings.length).toBeGreaterThan(0);
  return { server, tokens, offerings };
}

/** Clients placing orders one after another until stopped: every answer kept, with the time it came. */
function startOrderLoad({ server, tokens, offerings }: Awaited<ReturnType<typeof signInPatrons>>) {
  const answers: Answer[] = [];
  const acknowledged = new Set<number>();
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const offering = offerings[Math.floor(Math.random() * offerings.length)]!;
      const token = tokens[Math.floor(Math.random() * tokens.length)]!;
      const date = new Date(Date.now() + (30 + Math.floor(Math.random() * 60)) * 86_400_000);
      try {
        const response = await fetch(`${server.url}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            ...offering,
            date: date.toISOString().slice(0, 10),
            payment: 'khalti',
            beneficiary: 'Fault test',
            idempotency_key: randomUUID(),
          }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await response.json().catch(() => ({}))) as {
          order?: { id: number };
          message?: string;
        };
        answers.push({
          at: Date.now(),
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          ...(body.message ? { message: body.message } : {}),
        });
        if (response.status === 200 && body.order) acknowledged.add(body.order.id);
        if (response.status !== 200) await delay(100);
      } catch {
        // The server is restarting (the kill -9 case): no answer at all, which is not a 500.
        await delay(200);
      }
    }
  };
  const done = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    answers,
    acknowledged,
    done,
    stop: () => {
      stopped = true;
    },
  };
}

/** /readyz and /livez, twice a second each, answers kept with their time. */
function startProbes(server: Server) {
  const readiness: Answer[] = [];
  const liveness: Answer[] = [];
  let stopped = false;
  const probe = async (route: string, answers: Answer[]) => {
    while (!stopped) {
      const response = await fetch(`${server.url}${route}`, { signal: AbortSignal.timeout(5_000) }).catch(
        () => undefined,
      );
      answers.push({ at: Date.now(), status: response?.status ?? 0 });
      await delay(500);
    }
  };
  return {
    readiness,
    liveness,
    done: Promise.all([probe('/readyz', readiness), probe('/livez', liveness)]),
    stop: () => {
      stopped = true;
    },
  };
}

function statusCounts(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

// ---- Small helpers ----

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(limitSeconds: number, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + limitSeconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so within ${limitSeconds} s`);
    await delay(500);
  }
}

/** The files under a folder, by their paths inside it (folders themselves are not counted). */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
