import { rupeesToPaisa } from '@puja/contract';
import type { Database } from '../src/db/client.ts';
import { monasteries, monasteryPujas, pujas } from '../src/db/schema/index.ts';

/** Small, explicit catalogue rows for tests that need exact expectations. */
export async function insertMonastery(
  db: Database,
  values: Partial<typeof monasteries.$inferInsert> & { slug: string },
) {
  const [row] = await db
    .insert(monasteries)
    .values({
      name: values.slug,
      description: `About ${values.slug}`,
      imagePath: `/uploads/${values.slug}.webp`,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertPuja(
  db: Database,
  values: Partial<typeof pujas.$inferInsert> & { slug: string },
) {
  const [row] = await db
    .insert(pujas)
    .values({
      name: values.slug,
      description: `About ${values.slug}`,
      imagePath: `/uploads/${values.slug}.webp`,
      ...values,
    })
    .returning();
  return row!;
}

export async function offer(
  db: Database,
  monasteryId: number,
  pujaId: number,
  rupees: number,
  archived = false,
) {
  const [row] = await db
    .insert(monasteryPujas)
    .values({
      monasteryId,
      pujaId,
      costPaisa: rupeesToPaisa(rupees),
      archivedAt: archived ? new Date() : null,
    })
    .returning();
  return row!;
}
