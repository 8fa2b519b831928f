import { rupeesToPaisa } from '@puja/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { Database } from '../client.ts';
import { monasteries, monasteryPujas, pujas, users } from '../schema/index.ts';
import { renderMonasteryPicture, renderPujaPicture } from './artwork.ts';
import { demoAccounts, demoMonasteries, demoPujas, demoSpecialPuja } from './demo-catalogue.ts';

// Any constant shared by every instance: two servers starting together must not both seed.
const SEED_LOCK_KEY = 7_204_113;

/**
 * Fills an empty database with the demo catalogue and accounts. "Empty" means no monastery, puja or user:
 * a database anyone has started using is never touched. Returns whether it seeded.
 */
export async function seedDemoData(db: Database, storage: FileStorage): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.execute<{ has_rows: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM monasteries) OR EXISTS (SELECT 1 FROM pujas) OR EXISTS (SELECT 1 FROM users) AS has_rows`,
    );
    if (existing.rows[0]?.has_rows) return false;

    const pujaIdsBySlug = new Map<string, number>();
    for (const puja of demoPujas) {
      const picture = await renderPujaPicture(puja.hue, puja.motif);
      const imagePath = await storage.savePublic(
        `catalogue/${puja.slug}-${picture.hash}.webp`,
        picture.bytes,
      );
      const [row] = await tx
        .insert(pujas)
        .values({ slug: puja.slug, name: puja.name, description: puja.description, imagePath, status: 1 })
        .returning({ id: pujas.id });
      pujaIdsBySlug.set(puja.slug, row!.id);
    }

    const monasteryIds: number[] = [];
    for (const monastery of demoMonasteries) {
      const picture = await renderMonasteryPicture(monastery.hue);
      const imagePath = await storage.savePublic(
        `catalogue/${monastery.slug}-${picture.hash}.webp`,
        picture.bytes,
      );
      const [row] = await tx
        .insert(monasteries)
        .values({
          slug: monastery.slug,
          name: monastery.name,
          description: monastery.description,
          imagePath,
          status: 1,
        })
        .returning({ id: monasteries.id });
      monasteryIds.push(row!.id);
      await tx.insert(monasteryPujas).values(
        Object.entries(monastery.offerings).map(([pujaSlug, rupees]) => ({
          monasteryId: row!.id,
          pujaId: pujaIdsBySlug.get(pujaSlug)!,
          costPaisa: rupeesToPaisa(rupees),
        })),
      );
    }

    // The first monastery's own special puja.
    const firstMonasteryId = monasteryIds[0]!;
    const specialPicture = await renderPujaPicture(demoSpecialPuja.hue, demoSpecialPuja.motif);
    const specialImagePath = await storage.savePublic(
      `catalogue/${demoSpecialPuja.slug}-${specialPicture.hash}.webp`,
      specialPicture.bytes,
    );
    const [special] = await tx
      .insert(pujas)
      .values({
        slug: demoSpecialPuja.slug,
        name: demoSpecialPuja.name,
        description: demoSpecialPuja.description,
        imagePath: specialImagePath,
        status: 1,
        monasteryId: firstMonasteryId,
      })
      .returning({ id: pujas.id });
    await tx.insert(monasteryPujas).values({
      monasteryId: firstMonasteryId,
      pujaId: special!.id,
      costPaisa: rupeesToPaisa(demoSpecialPuja.cost),
    });

    await tx.insert(users).values(
      demoAccounts.map((account) => ({
        name: account.name,
        email: account.email,
        phone: account.phone,
        role: account.role,
        monasteryId: account.role === 'monastery' ? firstMonasteryId : null,
      })),
    );
    return true;
  });
}
