import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseConnection } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { orderImages } from '../src/db/schema/index.ts';
import { runAdmin, withDatabase } from './global-setup.ts';
import { bringPujaDayToToday } from './money-harness.ts';
import { multipart } from './multipart.ts';
import { orderVersion, payOrder } from './order-fixtures.ts';
import { signInOverHttp } from './sign-in-over-http.ts';
import { startS3StandIn } from './stand-ins/s3-stand-in.ts';

/**
 * Several instances behind a load balancer (docs/decisions/013): two real server processes (`server.ts`,
 * configured only through their environment, each with a data folder of its own) on one PostgreSQL, one
 * Redis and one S3-compatible server (s3rver). Whatever one instance is told, the other must know:
 * pictures and photos, rate-limit counts, catalogue changes, sign-in codes.
 *
 * PostgreSQL: the server in DATABASE_URL (a database of its own is created there), else an embedded one.
 * Redis: REDIS_URL, else the machine's 127.0.0.1:6379; its keys carry a prefix unique to the run and are
 * deleted at the end. Without an answering Redis or DATABASE_URL the test is skipped, saying why.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repositoryRoot, 'apps/api/src/server.ts');
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const adminDatabaseUrl = process.env.DATABASE_URL || undefined;

async function missingService(): Promise<string | undefined> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: unknown;
  redis.on('error', (error) => {
    cause ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `no Redis answers at ${redisUrl} (${String(cause ?? error)}); set REDIS_URL`;
  } finally {
    redis.disconnect();
  }
  if (adminDatabaseUrl) {
    const client = new pg.Client({ connectionString: adminDatabaseUrl, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
    } catch (error) {
      return `the PostgreSQL in DATABASE_URL does not answer (${String(error)})`;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

const missing = await missingService();
if (missing) console.warn(`SKIPPED: the multi-instance test needs its services: ${missing}`);

interface Instance {
  name: string;
  url: string;
  dataDirectory: string;
  process: ChildProcess;
  output: string[];
}

const runId = randomBytes(5).toString('hex');
const keyPrefix = `puja-test-${runId}:`;
const cleanups: (() => Promise<unknown>)[] = [];
let database: DatabaseConnection;
let a: Instance;
let b: Instance;
let redis: Redis;
/** Sessions made once: a number may ask for a new code only after OTP_RESEND_SECONDS. */
const tokens = { admin: '', staff: '', patron: '' };

describe.skipIf(missing !== undefined)('two instances on one PostgreSQL, one Redis and one S3', () => {
  beforeAll(async () => {
    let serverUrl = adminDatabaseUrl;
    if (!serverUrl) {
      // Under /tmp so the `postgres` user that PostgreSQL runs as (when we are root) can reach it.
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-instances-pg-'));
      await fs.chmod(folder, 0o755);
      const embedded = await startEmbeddedPostgres(folder, () => undefined, 'postgres');
      cleanups.push(() => fs.rm(folder, { recursive: true, force: true }), embedded.stop);
      serverUrl = embedded.connectionString;
    }
    const databaseName = `puja_instances_${runId}`;
    await runAdmin(serverUrl, `CREATE DATABASE "${databaseName}"`);
    cleanups.push(() => runAdmin(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    const databaseUrl = withDatabase(serverUrl, databaseName);

    const s3 = await startS3StandIn(`puja-instances-${runId}`);
    cleanups.push(s3.close);

    redis = new Redis(redisUrl);
    cleanups.push(async () => {
      for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 100 }))
        if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
      redis.disconnect();
    });

    const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-instances-web-'));
    cleanups.push(() => fs.rm(webDist, { recursive: true, force: true }));
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      SEED_DEMO: 'true',
      JWT_SECRET: `multi-instance-test-secret-${runId}-shared-by-both`,
      JOB_WORKER: 'false',
      WEB_DIST_DIR: webDist,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      LOGIN_ATTEMPTS_PER_MINUTE: '4',
      ...s3.env,
    };
    // One after the other: the first migrates and seeds (into the bucket); the second finds it done.
    a = await startInstance('A', env);
    b = await startInstance('B', env);
    const connection = connectDatabase(databaseUrl, 2);
    cleanups.push(connection.close);
    database = connection;
    // The demo accounts; each asks one instance for a code and signs in with it on the other.
    tokens.admin = (await signInOverHttp('9800000001', a, b)).token;
    tokens.staff = (await signInOverHttp('9800000002', b, a)).token;
    tokens.patron = (await signInOverHttp('9800000003', a, b)).token;
  });

  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopInstance(instance);
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.warn(error));
  });

  it('signs in on one with the code the other sent, and both know the session', async () => {
    for (const instance of [a, b]) {
      const me = await send(instance, 'GET', '/api/me', tokens.admin);
      expect(((await me.json()) as { user: { role: string } }).user.role).toBe('admin');
    }
  });

  it('serves a picture uploaded through one from the other, and seeded pictures from both', async () => {
    const created = await send(a, 'POST', '/api/monastery', tokens.admin, {
      fields: { name: 'Two Instance Gompa', description: 'Pictures in one bucket.', status: '1' },
      image: await picture({ r: 20, g: 120, b: 90 }),
    });
    expect(created.status).toBe(200);
    const { monasteries } = (await created.json()) as { monasteries: { name: string; image_path: string }[] };
    const imagePath = monasteries.find((monastery) => monastery.name === 'Two Instance Gompa')!.image_path;
    expect(imagePath).toMatch(/^\/uploads\/catalogue\/two-instance-gompa-[0-9a-f]{12}\.webp$/);

    const fromB = await fetch(`${b.url}${imagePath}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    expect(Buffer.from(await (await fetch(`${a.url}${imagePath}`)).arrayBuffer())).toEqual(bytes);

    // Seeded by A at its start; B never had them on its disk.
    const seeded = (await (await fetch(`${b.url}/api/monastery`)).json()) as {
      monasteries: { image_path: string }[];
    };
    for (const monastery of seeded.monasteries) {
      expect((await fetch(`${b.url}${monastery.image_path}`)).status, monastery.image_path).toBe(200);
    }
    for (const instance of [a, b])
      await expect(fs.stat(path.join(instance.dataDirectory, 'uploads'))).rejects.toThrow(/ENOENT/);
  });

  it('shows a completion photo uploaded through one on the other, behind its signed link', async () => {
    const { staff, patron } = tokens;
    const kopan = (await (await fetch(`${a.url}/api/monastery/kopan-monastery/edit`)).json()) as {
      monastery: { id: number; pujas: { id: number; pivot: { cost: number } }[] };
    };
    const puja = kopan.monastery.pujas[0]!;
    const placed = await send(b, 'POST', '/api/order', patron, {
      json: {
        monastery: kopan.monastery.id,
        puja: puja.id,
        cost: puja.pivot.cost,
        date: addDays(todayIn('Asia/Kathmandu'), 7),
        payment: 'khalti',
      },
    });
    expect(placed.status).toBe(200);
    const orderId = ((await placed.json()) as { order: { id: number } }).order.id;
    await payOrder(database.db, orderId);
    const version = await orderVersion(database.db, orderId);
    expect((await send(b, 'PATCH', `/api/order/${orderId}`, staff, { json: { version } })).status).toBe(200);
    await bringPujaDayToToday(database.db, orderId);
    const completed = await send(a, 'POST', '/api/complete-puja', staff, {
      fields: { order_id: String(orderId), _method: 'patch' },
      files: [await picture({ r: 200, g: 60, b: 30 })],
    });
    expect(completed.status).toBe(200);

    const conversation = await send(b, 'GET', `/api/get-messages/${orderId}`, patron);
    const { images } = (await conversation.json()) as { images: { url: string }[] };
    expect(images).toHaveLength(1);
    const photo = await fetch(`${b.url}${images[0]!.url}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const [row] = await database.db.select().from(orderImages).where(eq(orderImages.orderId, orderId));
    expect(row!.sizeBytes).toBe(Buffer.from(await photo.arrayBuffer()).length);
    // Neither instance keeps it on its disk, and the public path never reaches it.
    for (const instance of [a, b])
      await expect(fs.stat(path.join(instance.dataDirectory, 'private'))).rejects.toThrow();
    expect((await fetch(`${a.url}/uploads/${row!.storageKey}`)).status).toBe(404);
  });

  it('counts a rate limit across both', async () => {
    const guess = (instance: Instance) =>
      fetch(`${instance.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${runId}@example.org`, password: 'not-the-password' }),
      }).then((response) => response.status);
    // LOGIN_ATTEMPTS_PER_MINUTE=4 on each: four tries spread over both use the address's minute up.
    expect([await guess(a), await guess(b), await guess(a), await guess(b)]).toEqual([401, 401, 401, 401]);
    expect(await guess(a)).toBe(429);
    expect(await guess(b)).toBe(429);
    const keys = await redis.keys(`${keyPrefix}rate-limit:*`);
    expect(keys.some((key) => key.includes('/api/login:'))).toBe(true);
  });

  it('sees a catalogue change made on one at the other (PostgreSQL NOTIFY)', async () => {
    const before = await fetch(`${b.url}/api/monastery`);
    const etag = before.headers.get('etag')!;
    const { monasteries } = (await before.json()) as { monasteries: { id: number; name: string }[] };
    const target = monasteries[0]!;
    // B now answers from its cache; it must still learn of A's change.
    expect((await fetch(`${b.url}/api/monastery`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const renamed = `${target.name} (renamed ${runId})`;
    // An edit names the version it was made from, as the admin's form does (docs/decisions/045).
    const edited = await send(a, 'GET', `/api/monastery/${target.id}/edit`, tokens.admin);
    const { version } = ((await edited.json()) as { monastery: { version: number } }).monastery;
    const changed = await send(a, 'POST', `/api/monastery/${target.id}`, tokens.admin, {
      fields: {
        _method: 'patch',
        name: renamed,
        description: 'Changed through instance A.',
        status: '1',
        version: String(version),
      },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    // The notification arrives within milliseconds; allow a few seconds on a busy machine.
    const deadline = Date.now() + 5_000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      const response = await fetch(`${b.url}/api/monastery`, { headers: { 'if-none-match': etag } });
      if (response.status === 200) {
        names = ((await response.json()) as { monasteries: { name: string }[] }).monasteries.map(
          (m) => m.name,
        );
        if (names.includes(renamed)) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(names).toContain(renamed);
  });
});

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), `puja-instance-${name}-`));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDirectory,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const instance = { name, url: `http://127.0.0.1:${port}`, dataDirectory, process: child, output };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${instance.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return instance;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopInstance(instance);
  throw new Error(`Instance ${name} did not start:\n${output.join('')}`);
}

async function stopInstance(instance: Instance): Promise<void> {
  const { process: child } = instance;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await fs.rm(instance.dataDirectory, { recursive: true, force: true });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function send(
  instance: Instance,
  method: string,
  url: string,
  token: string,
  body: { json?: object; fields?: Record<string, string>; image?: Buffer; files?: Buffer[] } = {},
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: RequestInit['body'];
  if (body.json) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body.fields) {
    const files = [
      ...(body.image ? [{ field: 'image', bytes: body.image }] : []),
      ...(body.files ?? []).map((bytes) => ({ field: 'files[]', bytes })),
    ].map((file) => ({ ...file, type: 'image/jpeg', name: 'photo.jpg' }));
    const form = await multipart(body.fields, files);
    Object.assign(headers, form.headers);
    payload = new Uint8Array(form.payload);
  }
  return fetch(`${instance.url}${url}`, { method, headers, body: payload });
}

function picture(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 48, height: 36, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}
