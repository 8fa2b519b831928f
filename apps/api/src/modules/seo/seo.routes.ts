import { getRobotsEndpoint, getSitemapEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import type { SeoService } from './seo.service.ts';

/** Crawlers ask often; an hour (the sitemap) or a day (the rules) old is fresh enough for them. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
const ROBOTS_CACHE_CONTROL = 'public, max-age=86400';

/** `/sitemap.xml` and `/robots.txt` (docs/api.md#pictures-and-findability). */
export const seoRoutes: FastifyPluginAsync<{ seo: SeoService }> = async (app, { seo }) => {
  route(app, getSitemapEndpoint, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', SITEMAP_CACHE_CONTROL)
      .send(await seo.sitemapXml()),
  );
  route(app, getRobotsEndpoint, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', ROBOTS_CACHE_CONTROL)
      .send(seo.robotsTxt()),
  );
};
