import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../multipart.ts';
import { type Body, build, type Entry, entryFor, MATRIX_VIDEO, ROUTES } from './route-table.ts';
import { createSecurityWorld, type SecurityWorld, VIEWERS, type ViewerName } from './security-world.ts';

/**
 * Who may call what, for every route the server registers: each route's expected answer for each kind of
 * person, written once in ROUTES (route-table.ts), against real rows (the ids in the paths are the patron's orders, the
 * monastery's offerings, payments whose refund is due). A registered route without an entry fails, so a
 * new route has to be classified here; an entry for a route that no longer exists fails too. A `HEAD`
 * route answers as its `GET` entry says unless it has an entry of its own.
 *
 * It also checks `Cache-Control` (docs/api.md): every answer under /api is `no-store`, except the public
 * catalogue reads (`no-cache` with an ETag) and a signed photo link (a short private cache).
 */

/**
 * Public catalogue reads keep their ETag caching, for everyone but administrators, who get fresh rows
 * (closed ones too) sent `private, no-store`; the direct-order form's choices are the public view for all.
 */
const CATALOGUE_READS = new Set([
  'GET /api/monastery',
  'GET /api/monastery/:slugOrId/edit',
  'GET /api/puja',
  'GET /api/puja/:slugOrId/edit',
]);
const ORDER_FORM_CHOICES = 'GET /api/get-monastery-puja';
/** Signed links to private files: the signature is the credential, and the browser may keep the file a while. */
const SIGNED_FILES = new Set([
  'GET /api/order-images/:imageId',
  'GET /api/order-videos/:videoId',
  'GET /api/order-videos/:videoId/poster',
  'GET /api/departed-photos/:planId/:photo',
]);
/** The same for everyone, whoever asks (docs/decisions/020): a browser or a CDN may keep it for an hour. */
const EXCHANGE_RATES = 'GET /api/exchange-rates';

let world: SecurityWorld;
let routeKeys: string[];

beforeAll(async () => {
  world = await createSecurityWorld();
  routeKeys = world.routes.flatMap((route) =>
    [route.method].flat().map((method) => `${method} ${route.url}`),
  );
});
afterAll(() => world?.close());

let addressCounter = 0;
async function call(key: string, row: Entry, viewer: ViewerName) {
  const method = key.split(' ')[0] as 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  const token = await world.tokenOf(viewer, { fresh: true });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | Buffer | Body | undefined;
  if (row.form) {
    const form = await multipart(await build(row.form.fields, world, viewer), [
      row.form.file === 'video'
        ? { field: row.form.pictureField, bytes: MATRIX_VIDEO, type: 'video/webm', name: 'puja.webm' }
        : { field: row.form.pictureField, bytes: world.picture, type: 'image/png', name: 'picture.png' },
    ]);
    Object.assign(headers, form.headers);
    payload = form.payload;
  } else if (row.body) {
    payload = await build(row.body, world, viewer);
  }
  addressCounter += 1;
  return world.app.inject({
    method,
    url: await build(row.path, world, viewer),
    headers,
    // Each call from its own address: the per-address sign-in limits would otherwise couple the rows.
    remoteAddress: `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('the access matrix', () => {
  it('has an entry for every registered route, and no entry for a route that does not exist', () => {
    const unclassified = routeKeys.filter((key) => !entryFor(key));
    expect(unclassified, 'routes without an entry in ROUTES: classify them').toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !routeKeys.includes(key));
    expect(stale, 'ROUTES entries for routes the server does not register').toEqual([]);
  });

  it('answers each person as the table says, and never lets a personal answer be cached', async () => {
    const mismatches: string[] = [];
    let cases = 0;
    // The table's order for rows; HEAD routes follow their GET row.
    const ordered = [...routeKeys].sort((a, b) => orderOf(a) - orderOf(b));
    for (const key of ordered) {
      const row = entryFor(key);
      if (!row) continue;
      const expected = row.expect.split(' ').map(Number);
      const people = VIEWERS.map((viewer, index) => ({ viewer, status: expected[index]! }));
      // Refusals first: they must meet the rows as they were before anyone changed them.
      people.sort((a, b) => Number(a.status < 400) - Number(b.status < 400));
      for (const { viewer, status } of people) {
        cases += 1;
        const response = await call(key, row, viewer);
        if (response.statusCode !== status)
          mismatches.push(
            `${key} as ${viewer}: ${response.statusCode} (expected ${status}) ${response.body.slice(0, 160)}`,
          );
        const problem = cachingProblem(key, viewer, response.statusCode, response.headers['cache-control']);
        if (problem) mismatches.push(`${key} as ${viewer}: ${problem}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(cases).toBe(routeKeys.length * VIEWERS.length);
  });
});

function orderOf(key: string): number {
  const keys = Object.keys(ROUTES);
  const own = keys.indexOf(key);
  return own >= 0 ? own * 2 : keys.indexOf(key.replace(/^HEAD /, 'GET ')) * 2 + 1;
}

function cachingProblem(
  key: string,
  viewer: ViewerName,
  status: number,
  header: unknown,
): string | undefined {
  const path = key.split(' ')[1]!;
  if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return undefined;
  const value = String(header ?? '');
  const base = key.replace(/^HEAD /, 'GET ');
  if (((CATALOGUE_READS.has(base) && viewer !== 'admin') || base === ORDER_FORM_CHOICES) && status < 400)
    return value === 'no-cache' ? undefined : `a public catalogue read sent Cache-Control "${value}"`;
  if (SIGNED_FILES.has(base) && status === 200)
    return value === 'private, max-age=600' ? undefined : `the signed link sent Cache-Control "${value}"`;
  if (base === EXCHANGE_RATES && status === 200)
    return value === 'public, max-age=3600' ? undefined : `the exchange rates sent Cache-Control "${value}"`;
  if (status >= 400) return undefined;
  return /\bno-store\b/.test(value) ? undefined : `Cache-Control "${value}" lets a personal answer be stored`;
}
