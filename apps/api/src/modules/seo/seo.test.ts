import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja } from '../../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { monasteries } from '../../db/schema/index.ts';

const PUBLIC_URL = 'https://puja.example.org';
let harness: TestApp;
const kopanChanged = new Date('2026-10-02T08:30:00.000Z');

beforeAll(async () => {
  harness = await createTestApp({ env: { PUBLIC_URL } });
  const { db } = harness.database;
  const kopan = await insertMonastery(db, { slug: 'kopan-monastery', name: 'Kopan Monastery' });
  await db.update(monasteries).set({ updatedAt: kopanChanged }).where(eq(monasteries.id, kopan.id));
  await insertMonastery(db, { slug: 'puja-gompa', name: 'Puja Gompa' });
  const closed = await insertMonastery(db, { slug: 'closed-gompa', status: 0 });
  await insertMonastery(db, { slug: 'archived-gompa', archivedAt: new Date() });
  await insertPuja(db, { slug: 'tara-puja' });
  await insertPuja(db, { slug: 'closed-puja', status: 0 });
  await insertPuja(db, { slug: 'archived-puja', archivedAt: new Date() });
  await insertPuja(db, { slug: 'kopan-special', monasteryId: kopan.id });
  await insertPuja(db, { slug: 'closed-gompa-special', monasteryId: closed.id });
});

afterAll(() => harness?.close());

/** The sitemap's entries: each `<loc>` with its `<lastmod>`, if any. */
function entries(xml: string): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  for (const [, loc, lastmod] of xml.matchAll(
    /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g,
  ))
    found.set(loc!, lastmod);
  return found;
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages, every open monastery and the pujas with a page, at PUBLIC_URL', async () => {
    const response = await harness.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    const pages = [
      '/',
      '/monasteries',
      '/pujas',
      '/monastery/kopan-monastery',
      '/monastery/puja-gompa',
      // An open monastery's own special puja; a closed one's is not listed.
      '/puja/kopan-special',
      '/puja/tara-puja',
      '/about',
      '/contact',
      '/faq',
      '/terms',
      '/privacy',
      '/refunds',
    ];
    // Each in English at the root, then in Nepali and Chinese under their prefix (docs/decisions/047).
    expect([...entries(response.body).keys()]).toEqual(
      ['', '/ne', '/zh-Hant'].flatMap((prefix) =>
        pages.map((page) => `${PUBLIC_URL}${prefix}${prefix && page === '/' ? '' : page}`),
      ),
    );
    const kopan = entries(response.body).get(`${PUBLIC_URL}/monastery/kopan-monastery`);
    expect(entries(response.body).get(`${PUBLIC_URL}/zh-Hant/monastery/kopan-monastery`)).toBe(kopan);
  });

  it('dates each page by its row, and the lists by their newest row', async () => {
    const body = entries((await harness.app.inject('/sitemap.xml')).body);
    expect(body.get(`${PUBLIC_URL}/monastery/kopan-monastery`)).toBe(kopanChanged.toISOString());
    const gompa = body.get(`${PUBLIC_URL}/monastery/puja-gompa`)!;
    expect(Date.parse(gompa)).toBeGreaterThan(kopanChanged.getTime());
    expect(body.get(`${PUBLIC_URL}/monasteries`)).toBe(gompa);
    const pujas = ['tara-puja', 'kopan-special'].map((slug) => body.get(`${PUBLIC_URL}/puja/${slug}`)!);
    expect(body.get(`${PUBLIC_URL}/pujas`), 'the list shows catalogue pujas only').toBe(pujas[0]);
    const newest = [gompa, ...pujas].sort().at(-1);
    expect(body.get(`${PUBLIC_URL}/`)).toBe(newest);
    expect(body.get(`${PUBLIC_URL}/about`)).toBeUndefined();
  });

  it('drops a monastery once it is closed', async () => {
    const { db } = harness.database;
    await db.update(monasteries).set({ status: 0 }).where(eq(monasteries.slug, 'puja-gompa'));
    const body = entries((await harness.app.inject('/sitemap.xml')).body);
    expect(body.has(`${PUBLIC_URL}/monastery/puja-gompa`)).toBe(false);
    await db.update(monasteries).set({ status: 1 }).where(eq(monasteries.slug, 'puja-gompa'));
  });
});

describe('GET /robots.txt', () => {
  /** What the rules allow, as a crawler reads them: the longest matching rule wins, `$` ends a path. */
  function allows(robots: string, path: string): boolean {
    let best = { length: -1, allow: true };
    for (const [, kind, pattern] of robots.matchAll(/^(Allow|Disallow): (.+)$/gm)) {
      const source = pattern!
        .split('')
        .map((character) => (character === '$' ? '$' : character.replace(/[.*+?^{}()|[\]\\/]/g, '\\$&')))
        .join('');
      if (new RegExp(`^${source}`).test(path) && pattern!.length > best.length)
        best = { length: pattern!.length, allow: kind === 'Allow' };
    }
    return best.allow;
  }

  it('opens the public pages and closes the back offices, own pages, sign-in and the API', async () => {
    const response = await harness.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const robots = response.body;
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap.xml$`, 'm'));
    for (const open of [
      '/',
      '/monasteries',
      '/monastery/kopan-monastery',
      '/monastery/puja-gompa',
      '/monastery/dashboard-hill-gompa',
      '/pujas',
      '/puja/tara-puja',
      '/about',
      '/uploads/catalogue/a.webp',
      '/images/catalogue/a.webp/640.avif',
      '/sitemap.xml',
    ])
      expect(allows(robots, open), open).toBe(true);
    for (const closed of [
      '/admin/dashboard',
      '/admin',
      '/monastery/dashboard',
      '/monastery/orders',
      '/monastery/orders/12',
      '/monastery/puja',
      '/monastery/puja?tab=special',
      '/monastery/account',
      '/auth/login',
      '/orders',
      '/orders/PJ-123',
      '/account-settings',
      '/direct-order',
      '/lets-begin',
      '/api/monastery',
      '/simulator/esewa',
    ])
      expect(allows(robots, closed), closed).toBe(false);
  });
});
