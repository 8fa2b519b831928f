import { randomInt } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH } from '@puja/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  auditEntries,
  monasteries,
  monasteryPujas,
  orderCertificates,
  orderImages,
  orderNames,
  orderStreams,
  orders,
  orderVideos,
  pujas,
  users,
} from '../../db/schema/index.ts';

export async function findVideoOfOrder(db: Executor, orderId: number) {
  const [row] = await db.select().from(orderVideos).where(eq(orderVideos.orderId, orderId)).limit(1);
  return row;
}

export async function findVideo(db: Executor, videoId: number) {
  const [row] = await db.select().from(orderVideos).where(eq(orderVideos.id, videoId)).limit(1);
  return row;
}

/** The order's video, replacing the one it had: answers the replaced row's files, to remove once committed. */
export async function replaceVideo(
  db: Executor,
  values: Omit<typeof orderVideos.$inferInsert, 'id' | 'createdAt'>,
) {
  const [previous] = await db
    .delete(orderVideos)
    .where(eq(orderVideos.orderId, values.orderId))
    .returning({ storageKey: orderVideos.storageKey, posterStorageKey: orderVideos.posterStorageKey });
  const [row] = await db.insert(orderVideos).values(values).returning();
  return { video: row!, previous };
}

/** The storage key of the order's first completion photo (a video's poster when staff gave none). */
export async function firstPhotoKey(db: Executor, orderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ storageKey: orderImages.storageKey })
    .from(orderImages)
    .where(eq(orderImages.orderId, orderId))
    .orderBy(asc(orderImages.createdAt), asc(orderImages.id))
    .limit(1);
  return row?.storageKey;
}

export async function findStream(db: Executor, orderId: number) {
  const [row] = await db.select().from(orderStreams).where(eq(orderStreams.orderId, orderId)).limit(1);
  return row;
}

export async function saveStream(db: Executor, values: typeof orderStreams.$inferInsert) {
  const [row] = await db
    .insert(orderStreams)
    .values(values)
    .onConflictDoUpdate({
      target: orderStreams.orderId,
      set: { url: values.url, startsAt: values.startsAt, announcedBy: values.announcedBy },
    })
    .returning();
  return row!;
}

export async function findCertificate(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(orderCertificates)
    .where(eq(orderCertificates.orderId, orderId))
    .limit(1);
  return row;
}

/** 80 random bits as 16 characters of Crockford's base32. */
export function newCertificateCode(): string {
  let code = '';
  for (let index = 0; index < CERTIFICATE_CODE_LENGTH; index += 1)
    code += CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)];
  return code;
}

/**
 * The order's certificate, issued now if it has none (an order completed before certificates existed): a
 * second caller at the same moment finds the first one's. `completedBy` null: read from the audit log's
 * completion entry.
 */
export async function issueCertificate(db: Executor, orderId: number, completedBy: number | null) {
  const existing = await findCertificate(db, orderId);
  if (existing) return existing;
  const completer = completedBy ?? (await completerFromAudit(db, orderId));
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db
        .insert(orderCertificates)
        .values({ orderId, code: newCertificateCode(), completedBy: completer })
        .onConflictDoNothing({ target: orderCertificates.orderId });
      return (await findCertificate(db, orderId))!;
    } catch (error) {
      // A clash of codes (one in 2^80) draws another.
      const cause = ((error as { cause?: unknown }).cause ?? error) as { constraint?: string };
      if (cause.constraint !== 'order_certificates_code_unique' || attempt >= 5) throw error;
    }
  }
}

async function completerFromAudit(db: Executor, orderId: number): Promise<number | null> {
  const [entry] = await db
    .select({ actorId: auditEntries.actorId })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.subjectType, 'order'),
        eq(auditEntries.subjectId, orderId),
        eq(auditEntries.action, 'complete'),
      ),
    )
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry?.actorId ?? null;
}

/** How many names the order has, and how many were ticked as read. */
export async function countNames(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      read: sql<number>`count(${orderNames.readAt})::int`,
    })
    .from(orderNames)
    .where(eq(orderNames.orderId, orderId));
  return row ?? { total: 0, read: 0 };
}

/** A certificate by its code, with only what the public page may show, and the order's state. */
export async function findCertificateByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      code: orderCertificates.code,
      orderId: orders.id,
      status: orders.status,
      pujaDate: orders.pujaDate,
      monastery: { name: monasteries.name, slug: monasteries.slug, imagePath: monasteries.imagePath },
      puja: pujas.name,
    })
    .from(orderCertificates)
    .innerJoin(orders, eq(orders.id, orderCertificates.orderId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(monasteries, eq(monasteries.id, monasteryPujas.monasteryId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .where(eq(orderCertificates.code, code))
    .limit(1);
  return row;
}

export async function userName(db: Executor, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name;
}
