import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { monasteries } from '../../db/schema/index.ts';

// The answers given before routing only exist on a listening server (inject goes straight to Fastify), so
// these tests talk HTTP to one, with exactly the headers each case needs.
let harness: TestApp;
let base: string;
let routed = 0;

beforeAll(async () => {
  harness = await createTestApp({
    // Counts what reaches routing: an answer given before it runs no hook.
    extend: (app) => {
      app.addHook('onRequest', (_request, _reply, done) => {
        routed += 1;
        done();
      });
    },
  });
  const { db } = harness.database;
  const gompa = await insertMonastery(db, {
    slug: 'himalaya-gompa',
    name: 'Himalaya Gompa',
    // Long enough to be compressed.
    description: 'A monastery high in the mountains. '.repeat(60),
  });
  const tara = await insertPuja(db, { slug: 'tara-puja', name: 'Tara Puja' });
  await offer(db, gompa.id, tara.id, 2500);
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const address = harness.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => harness.close());
beforeEach(() => harness.app.catalogueCache.clear());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}
/** What may differ between two answers to the same request: the clock and the connection. */
function comparable({ headers, ...rest }: RawAnswer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...kept } = headers;
  return { ...rest, headers: kept };
}

describe('catalogue answers given before routing', () => {
  it.each([
    ['no encoding', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['a browser (br preferred)', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
  ])('sends the same status, headers and bytes as the route did (%s)', async (_case, headers) => {
    for (const path of ['/api/monastery', '/api/monastery/himalaya-gompa/edit', '/api/puja?x=1']) {
      const before = routed;
      const first = await get(path, headers);
      expect(routed).toBe(before + 1);
      const second = await get(path, headers);
      expect(routed, 'the second visit is answered before routing').toBe(before + 1);
      expect(first.status).toBe(200);
      expect(comparable(second)).toEqual(comparable(first));
      expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const compressed = await get('/api/monastery', headers);
    expect(compressed.headers['content-encoding']).toBe(
      { gzip: 'gzip', 'gzip, deflate, br, zstd': 'br' }[headers['accept-encoding' as never] as string],
    );
  });

  it('answers 304 to a browser that holds the bytes, as the route does', async () => {
    const { headers } = await get('/api/monastery');
    const etag = String(headers.etag);
    harness.app.catalogueCache.clear();
    const before = routed;
    const fromRoute = await get('/api/monastery', { 'if-none-match': etag });
    const fromMemory = await get('/api/monastery', { 'if-none-match': etag });
    expect(routed).toBe(before + 1);
    expect(fromRoute.status).toBe(304);
    expect(comparable(fromMemory)).toEqual(comparable(fromRoute));
  });

  it('leaves a request with a token, a HEAD and an unknown URL to the routes', async () => {
    await get('/api/monastery');
    const before = routed;
    await get('/api/monastery', { authorization: 'Bearer not-a-token' });
    await new Promise((resolve) => http.request(`${base}/api/monastery`, { method: 'HEAD' }, resolve).end());
    expect((await get('/api/monastery/no-such-gompa/edit')).status).toBe(404);
    expect((await get('/api/monastery/no-such-gompa/edit')).status).toBe(404);
    expect(routed).toBe(before + 4);
  });

  it('forgets its answers when the catalogue changes', async () => {
    expect(JSON.parse((await get('/api/monastery')).body.toString()).monasteries[0].name).toBe(
      'Himalaya Gompa',
    );
    await harness.database.db
      .update(monasteries)
      .set({ name: 'Himalaya Gompa Renamed' })
      .where(eq(monasteries.slug, 'himalaya-gompa'));
    harness.app.catalogueCache.clear();
    expect(JSON.parse((await get('/api/monastery')).body.toString()).monasteries[0].name).toBe(
      'Himalaya Gompa Renamed',
    );
    await harness.database.db
      .update(monasteries)
      .set({ name: 'Himalaya Gompa' })
      .where(eq(monasteries.slug, 'himalaya-gompa'));
  });

  it('counts them in the request metrics under their route', async () => {
    const count = async () => {
      const text = (await get('/metrics')).body.toString();
      const line = text
        .split('\n')
        .find((row) =>
          row.startsWith(
            'http_request_duration_seconds_count{method="GET",route="/api/monastery/:slugOrId/edit",status="200"}',
          ),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await count();
    for (let visit = 0; visit < 3; visit += 1) await get('/api/monastery/himalaya-gompa/edit');
    expect(await count()).toBe(before + 3);
  });
});
