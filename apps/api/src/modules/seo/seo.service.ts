import { LANGUAGES, localizedPath } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { listSitemapMonasteries, listSitemapPujas, type SitemapRow } from './seo.queries.ts';

/**
 * What search engines read (docs/api.md#pictures-and-findability): `/sitemap.xml` lists every public page a visitor
 * can reach (addresses from PUBLIC_URL, as people use them), at its address in each language
 * (docs/decisions/047), and `/robots.txt` keeps crawlers out of the
 * back offices, the patron's own pages, sign-in and the API.
 */

/** The information pages (docs/product.md#routes), beside the home page and the two lists. */
const INFORMATION_PAGES = ['/about', '/contact', '/faq', '/terms', '/privacy', '/refunds'] as const;

/** Areas behind a sign-in, or not pages at all: no crawler has anything to find there. */
const CLOSED_PREFIXES = [
  '/admin',
  '/auth',
  '/orders',
  '/account-settings',
  '/direct-order',
  // A patron's dedication plan (docs/decisions/056).
  '/plans/',
  // A gift's page, by its private link (docs/decisions/054).
  '/dedication/',
  '/lets-begin',
  '/api/',
  '/simulator/',
  // "Pay for me" links: a token is for the person it was given to (docs/decisions/051).
  '/pay/',
] as const;
/**
 * The staff's pages live under `/monastery/`, beside the public `/monastery/{slug}`: each is closed by
 * its exact path (and what follows a `/` or `?`), so a monastery whose slug merely starts with the same
 * word (`puja-gompa`) stays open.
 */
const STAFF_PAGES = ['dashboard', 'orders', 'puja', 'account'] as const;

interface SitemapUrl {
  path: string;
  lastModified?: Date | undefined;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function newest(rows: readonly SitemapRow[]): Date | undefined {
  return rows.reduce<Date | undefined>(
    (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
    undefined,
  );
}

export function createSeoService(dependencies: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = dependencies;

  return {
    async sitemapXml(): Promise<string> {
      const [monasteryRows, pujaRows] = await Promise.all([listSitemapMonasteries(db), listSitemapPujas(db)]);
      const pageOf = (prefix: string) => (row: SitemapRow) => ({
        path: `${prefix}/${encodeURIComponent(row.slug || String(row.id))}`,
        lastModified: row.updatedAt,
      });
      // The home page and the lists show the catalogue: they change when any of it does.
      const catalogueChanged = newest([...monasteryRows, ...pujaRows]);
      const urls: SitemapUrl[] = [
        { path: '/', lastModified: catalogueChanged },
        { path: '/monasteries', lastModified: newest(monasteryRows) },
        { path: '/pujas', lastModified: newest(pujaRows.filter((row) => row.specialOf === null)) },
        ...monasteryRows.map(pageOf('/monastery')),
        ...pujaRows.map(pageOf('/puja')),
        ...INFORMATION_PAGES.map((path) => ({ path })),
      ];
      // Each page in English, then in the other languages: the pages' own hreflang links tie them together.
      const entries = LANGUAGES.flatMap((language) =>
        urls.map(({ path, lastModified }) => {
          const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
          return `  <url><loc>${escapeXml(publicUrl + localizedPath(path, language))}</loc>${lastmod}</url>`;
        }),
      );
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries,
        '</urlset>',
        '',
      ].join('\n');
    },

    robotsTxt(): string {
      const staffRules = STAFF_PAGES.flatMap((page) =>
        [`${page}$`, `${page}/`, `${page}?`].map((rule) => `Disallow: /monastery/${rule}`),
      );
      return [
        'User-agent: *',
        'Allow: /',
        ...CLOSED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
        ...staffRules,
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
