import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERROR_MESSAGES } from '@puja/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.ts';
import { insertPerson } from '../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../test/session-helpers.ts';
import { startTcpProxy, type TcpProxy } from '../../test/stand-ins/tcp-proxy.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { ne } from '../api-messages/ne.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { connectDatabase } from '../db/client.ts';
import { isDatabaseUnreachable } from '../db/database-unreachable.ts';
import { createLocalFileStorage, type FileStorage } from '../integrations/storage/file-storage.ts';

/** The database out of reach (docs/decisions/025): the app's pool talks to it through a proxy we can cut. */
describe('while the database cannot be reached', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let dataDirectory: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(Number(new URL(database.url).port));
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    const connection = connectDatabase(throughProxy.toString(), 3);
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-outage-'));
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDirectory, JOB_WORKER: 'false' }),
      db: connection.db,
      pool: connection.pool,
      storage: createLocalFileStorage(path.join(dataDirectory, 'uploads')),
      webDistDirectory: undefined,
    });
    await app.ready();
    close = async () => {
      await app.close();
      await connection.close();
      await proxy.close();
      await database.drop();
      await fs.rm(dataDirectory, { recursive: true, force: true });
    };
  });
  afterAll(async () => close?.());

  it('answers 503 with Retry-After and a translated message, fails readiness, keeps liveness, and recovers', async () => {
    await insertPerson(database.db, { phone: '+9779817000002', name: 'Outage Patron' });
    const patronToken = (await signInByPhone({ app, dataDirectory } as TestApp, '9817000002')).token;
    expect((await app.inject({ url: '/api/me', headers: bearer(patronToken) })).statusCode).toBe(200);
    proxy.cut();

    const english = await app.inject({ url: '/api/exchange-rates' });
    expect(english.statusCode).toBe(503);
    expect(english.headers['retry-after']).toBe('10');
    expect(english.json()).toEqual({ message: ERROR_MESSAGES.unavailable });
    const nepali = await app.inject({ url: '/api/exchange-rates', headers: { 'accept-language': 'ne' } });
    expect(nepali.statusCode).toBe(503);
    expect(nepali.json()).toEqual({ message: ne.unavailable });
    // A signed-in request too: its session is looked up in the database.
    const signedIn = await app.inject({ url: '/api/me', headers: bearer(patronToken) });
    expect(signedIn.statusCode).toBe(503);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);

    await proxy.restore();
    expect((await app.inject({ url: '/api/exchange-rates' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/me', headers: bearer(patronToken) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('isDatabaseUnreachable', () => {
  it('knows a refused connection, a dropped one and PostgreSQL shutting down, through Drizzle’s wrapping', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnreachable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
  });

  it('does not take a refused value or a constraint for an outage', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('invalid input'), { code: '22P02' }))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    // A failed query's wrapper repeats its parameters: words a person typed are not the driver's.
    const typed = Object.assign(
      new Error('Failed query: insert into messages values ($1)\nparams: Connection terminated unexpectedly'),
      { query: 'insert into messages values ($1)', params: ['Connection terminated unexpectedly'] },
    );
    const refusedValue = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnreachable(Object.assign(typed, { cause: refusedValue }))).toBe(false);
  });
});

/** A storage that refuses every write as a full disk does. */
function fullDisk(inner: FileStorage): FileStorage {
  const refuse = async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  return { ...inner, savePublic: refuse, savePrivate: refuse };
}

describe('a full disk', () => {
  let harness: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-full-disk-'));
    harness = await createTestApp({ storage: fullDisk(createLocalFileStorage(folder)) });
    await insertPerson(harness.database.db, { role: 'admin', phone: '+9779817000001', name: 'Disk Admin' });
    adminToken = (await signInByPhone(harness, '9817000001')).token;
  });
  afterAll(async () => harness?.close());

  it('answers an upload 507 with a clear message and keeps nothing of it', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const form = await multipart({ name: 'Full Disk Gompa', description: 'No room.', status: '1' }, [
      { field: 'image', bytes: image, type: 'image/jpeg', name: 'photo.jpg' },
    ]);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/monastery',
      headers: { ...bearer(adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ message: ERROR_MESSAGES.storageFull });
    const catalogue = (await harness.app.inject({ url: '/api/monastery' })).json<{
      monasteries: { name: string }[];
    }>();
    expect(catalogue.monasteries.map((monastery) => monastery.name)).not.toContain('Full Disk Gompa');
  });
});

describe('the local storage', () => {
  it('leaves no partial file when a write fails', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-partial-'));
    try {
      const storage = createLocalFileStorage(path.join(folder, 'uploads'), path.join(folder, 'private'));
      // A folder with something in it where the file should go: the final rename fails.
      await fs.mkdir(path.join(folder, 'private', 'photos', 'taken.webp'), { recursive: true });
      await fs.writeFile(path.join(folder, 'private', 'photos', 'taken.webp', 'inside'), 'x');
      await expect(storage.savePrivate('photos/taken.webp', Buffer.from('bytes'))).rejects.toThrow();
      expect(await fs.readdir(path.join(folder, 'private', 'photos'))).toEqual(['taken.webp']);
      await storage.savePrivate('photos/kept.webp', Buffer.from('bytes'));
      expect(await storage.readPrivate('photos/kept.webp')).toEqual(Buffer.from('bytes'));
      await storage.deletePrivate('photos/kept.webp');
      expect(await storage.readPrivate('photos/kept.webp')).toBeUndefined();
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
