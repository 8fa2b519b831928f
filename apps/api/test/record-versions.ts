import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { monasteries, monasteryPujas, orders, pujas, users } from '../src/db/schema/index.ts';

/**
 * A record's version as stored now: what the form that edits it shows and sends with the save
 * (docs/decisions/040), for tests that edit records as the forms do. `offering` is a monastery's own
 * (special) puja by its offering's id: the puja's version.
 */
export async function versionOf(
  db: Database,
  kind: 'monastery' | 'puja' | 'user' | 'offering',
  id: number,
): Promise<number> {
  const [row] =
    kind === 'monastery'
      ? await db.select({ version: monasteries.version }).from(monasteries).where(eq(monasteries.id, id))
      : kind === 'puja'
        ? await db.select({ version: pujas.version }).from(pujas).where(eq(pujas.id, id))
        : kind === 'user'
          ? await db.select({ version: users.version }).from(users).where(eq(users.id, id))
          : await db
              .select({ version: pujas.version })
              .from(monasteryPujas)
              .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
              .where(eq(monasteryPujas.id, id));
  if (!row) throw new Error(`No ${kind} ${id}`);
  return row.version;
}

const EDITS: Record<string, 'monastery' | 'puja' | 'user' | 'offering' | 'order'> = {
  monastery: 'monastery',
  puja: 'puja',
  user: 'user',
  'monastery-special-puja': 'offering',
  order: 'order',
};

/**
 * The fields of a request to `url` as the form that sends it does: an edit of a record (`POST` with the
 * patch override, or `PATCH`, to `/api/{monastery|puja|user|monastery-special-puja|order}/{id}`) carries
 * the record's version as stored now, unless the test gives one. Other requests are left as they are.
 */
export async function asFormSends<Fields extends object>(
  db: Database,
  method: string,
  url: string,
  fields: Fields,
): Promise<Fields> {
  const edit = /^\/api\/(monastery|puja|user|monastery-special-puja|order)\/(\d+)$/.exec(url);
  if (!edit || (method !== 'PATCH' && method !== 'POST') || 'version' in fields) return fields;
  const kind = EDITS[edit[1]!]!;
  const id = Number(edit[2]);
  const version =
    kind === 'order'
      ? (await db.select({ version: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.version
      : await versionOf(db, kind, id).catch(() => undefined);
  // A record that does not exist: the request is refused for that, whatever version it names.
  return { ...fields, version: version ?? 1 };
}
