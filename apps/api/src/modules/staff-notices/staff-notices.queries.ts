import type { StaffNoticeSettings } from '@puja/contract';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, pushSubscriptions, staffNoticesPending, users } from '../../db/schema/index.ts';
import type { StaffNotice } from '../../notices/notices.ts';

const recipientColumns = {
  id: users.id,
  phone: users.phone,
  email: users.email,
  language: users.language,
  sms: users.staffNoticeSms,
  byEmail: users.staffNoticeEmail,
  push: users.staffNoticePush,
  frequency: users.staffNoticeFrequency,
};
const activeStaff = and(eq(users.role, 'monastery'), isNull(users.archivedAt));

/** A monastery's active staff, each with how they want to be told and where they can be reached. */
export async function listStaffRecipients(db: Executor, monasteryId: number) {
  return (
    db
      .select(recipientColumns)
      .from(users)
      .where(and(activeStaff, eq(users.monasteryId, monasteryId)))
      .orderBy(asc(users.id))
      // A monastery has a handful of staff; the bound only keeps one order from becoming a flood.
      .limit(20)
  );
}
export type StaffRecipient = Awaited<ReturnType<typeof listStaffRecipients>>[number];

/** One staff member as `listStaffRecipients` gives them; none once archived or no longer staff. */
export async function findStaffRecipient(db: Executor, userId: number): Promise<StaffRecipient | undefined> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .where(and(activeStaff, eq(users.id, userId)));
  return row;
}

/** The devices of one person (a person has a few; the bound keeps a notice's jobs few). */
export async function listPushSubscriptions(db: Executor, userId: number) {
  return db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id))
    .limit(10);
}

export async function findPushSubscription(db: Executor, id: number) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export async function deletePushSubscriptionById(db: Executor, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Keeps a device; the same endpoint again (a renewed subscription, another account on the device) replaces it. */
export async function upsertPushSubscription(
  db: Executor,
  values: { userId: number; endpoint: string; p256dh: string; auth: string },
) {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`now()` },
    });
}

export async function deletePushSubscription(db: Executor, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function countPushSubscriptions(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.devices ?? 0;
}

export async function findStaffNoticeSettings(db: Executor, userId: number) {
  const [row] = await db
    .select({
      sms: users.staffNoticeSms,
      email: users.staffNoticeEmail,
      push: users.staffNoticePush,
      frequency: users.staffNoticeFrequency,
      phone: users.phone,
      address: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function updateStaffNoticeSettings(db: Executor, userId: number, settings: StaffNoticeSettings) {
  await db
    .update(users)
    .set({
      staffNoticeSms: settings.sms,
      staffNoticeEmail: settings.email,
      staffNoticePush: settings.push,
      staffNoticeFrequency: settings.frequency,
    })
    .where(eq(users.id, userId));
}

export async function insertPendingNotice(
  db: Executor,
  values: { userId: number; orderId: number; notice: StaffNotice },
) {
  await db.insert(staffNoticesPending).values(values);
}

/**
 * The staff whose digest is due at `now`: whose oldest waiting notice is a digest's span old (15 minutes,
 * an hour), or older than the day's digest time for a daily digest; at once for someone who went back to
 * each order. Bounded per run; the next minute's run takes the rest.
 */
export async function listDueDigests(db: Executor, now: Date, dailyCutoff: Date, limit: number) {
  const rows = await db.execute<{ user_id: number }>(sql`
    SELECT p.user_id FROM ${staffNoticesPending} p JOIN ${users} u ON u.id = p.user_id
    GROUP BY p.user_id, u.staff_notice_frequency
    HAVING min(p.created_at) <= CASE u.staff_notice_frequency
      WHEN 'quarter-hour' THEN ${now}::timestamptz - interval '15 minutes'
      WHEN 'hourly' THEN ${now}::timestamptz - interval '1 hour'
      WHEN 'daily' THEN ${dailyCutoff}::timestamptz
      ELSE ${now}::timestamptz END
    ORDER BY p.user_id LIMIT ${limit}`);
  return rows.rows.map((row) => Number(row.user_id));
}

/**
 * Takes a person's waiting notices up to `now` for their digest: deleted in the transaction that queues
 * the digest, so each is told once, and a run that dies before committing leaves them waiting.
 */
export async function takePendingNotices(db: Executor, userId: number, now: Date) {
  const rows = await db.execute<{ order_id: number; number: string }>(sql`
    WITH taken AS (
      DELETE FROM ${staffNoticesPending}
      WHERE user_id = ${userId} AND created_at <= ${now}::timestamptz
      RETURNING order_id, created_at
    )
    SELECT taken.order_id, o.number FROM taken JOIN ${orders} o ON o.id = taken.order_id
    ORDER BY taken.created_at`);
  return rows.rows;
}

/** A staff member as an e-mail to them is addressed when it is sent. */
export async function findStaffEmailRecipient(db: Executor, userId: number) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      language: users.language,
      wantsEmail: users.staffNoticeEmail,
      role: users.role,
      archivedAt: users.archivedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
