import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { monasteries, pujas } from '../../db/schema/index.ts';

/** A public page of the catalogue: its slug (or id) and when its row last changed. */
export interface SitemapRow {
  id: number;
  slug: string;
  updatedAt: Date;
}

/** A sitemap file holds at most 50,000 addresses (sitemaps.org); a catalogue is far smaller. */
export const MAX_SITEMAP_ROWS = 20_000;

/** Open, unarchived monasteries: the ones whose pages answer. */
export function listSitemapMonasteries(db: Database): Promise<SitemapRow[]> {
  return db
    .select({ id: monasteries.id, slug: monasteries.slug, updatedAt: monasteries.updatedAt })
    .from(monasteries)
    .where(and(eq(monasteries.status, 1), isNull(monasteries.archivedAt)))
    .orderBy(asc(monasteries.slug))
    .limit(MAX_SITEMAP_ROWS);
}

/**
 * Open, unarchived catalogue pujas: the ones `/pujas` links to. A monastery's own special puja is shown
 * on its monastery's page, which the sitemap lists.
 */
export function listSitemapPujas(db: Database): Promise<SitemapRow[]> {
  return db
    .select({ id: pujas.id, slug: pujas.slug, updatedAt: pujas.updatedAt })
    .from(pujas)
    .where(and(eq(pujas.status, 1), isNull(pujas.archivedAt), isNull(pujas.monasteryId)))
    .orderBy(asc(pujas.slug))
    .limit(MAX_SITEMAP_ROWS);
}
