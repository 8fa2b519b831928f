import { defineEndpoint } from './endpoint.ts';

/**
 * What search engines read (docs/api.md#pictures-and-findability): the sitemap of the public pages and the rules for
 * crawlers. Both are files at the site's root, where crawlers look for them.
 */

// ---- Endpoints (docs/decisions/014) ----

/** Every open monastery's and puja's page and the fixed public pages, as absolute PUBLIC_URL addresses. */
export const getSitemapEndpoint = defineEndpoint({
  method: 'GET',
  path: '/sitemap.xml',
  access: 'public',
  summary: 'The public pages for search engines (sitemaps.org XML)',
  tags: ['seo'],
  responses: {},
  file: 'application/xml',
  errors: [],
});

/** The public pages open to crawlers, the back offices and the API closed, and where the sitemap is. */
export const getRobotsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/robots.txt',
  access: 'public',
  summary: 'Rules for crawlers (robots.txt)',
  tags: ['seo'],
  responses: {},
  file: 'text/plain',
  errors: [],
});
