import { and, asc, eq, isNull, or } from 'drizzle-orm';
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
 * Open, unarchived pujas with a page of their own: the catalogue's (`/pujas` links to them) and each open
 * monastery's own special pujas (its page links to them). `specialOf` says which monastery offers a special.
 */
export function listSitemapPujas(db: Database): Promise<(SitemapRow & { specialOf: number | null })[]> {
  return db
    .select({ id: pujas.id, slug: pujas.slug, updatedAt: pujas.updatedAt, specialOf: pujas.monasteryId })
    .from(pujas)
    .leftJoin(monasteries, eq(monasteries.id, pujas.monasteryId))
    .where(
      and(
        eq(pujas.status, 1),
        isNull(pujas.archivedAt),
        or(isNull(pujas.monasteryId), and(eq(monasteries.status, 1), isNull(monasteries.archivedAt))),
      ),
    )
    .orderBy(asc(pujas.slug))
    .limit(MAX_SITEMAP_ROWS);
}
