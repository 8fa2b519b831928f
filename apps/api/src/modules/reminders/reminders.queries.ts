import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { monasteries, monasteryPujas, orders, pujas, remindersSent, users } from '../../db/schema/index.ts';

/** The orders a reminder is for: approved ones only; a declined, cancelled or unpaid order has no puja to come. */
const REMINDED = 'approved';

/**
 * The approved orders of one day not yet reminded to their patron, after `afterId`, in id order, at most
 * `limit`: each with what the reminder says and how the patron wants it.
 */
export async function listOrdersToRemind(db: Executor, day: string, afterId: number, limit: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      pujaDate: orders.pujaDate,
      pujaTime: orders.pujaTime,
      // In every language entered (docs/decisions/049): the reminder names them in the patron's.
      puja: { name: pujas.name, name_ne: pujas.nameNe, name_zh_hant: pujas.nameZhHant },
      monastery: {
        name: monasteries.name,
        name_ne: monasteries.nameNe,
        name_zh_hant: monasteries.nameZhHant,
      },
      userId: users.id,
      phone: users.phone,
      email: users.email,
      emailNotices: users.emailNotices,
      language: users.language,
      reminderChannel: users.reminderChannel,
      timeZone: users.timeZone,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .innerJoin(monasteries, eq(monasteries.id, orders.monasteryId))
    .where(
      and(
        eq(orders.pujaDate, day),
        eq(orders.status, REMINDED),
        gt(orders.id, afterId),
        sql`${users.archivedAt} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${remindersSent} WHERE ${remindersSent.kind} = 'patron-day-before' AND ${remindersSent.subjectId} = ${orders.id} AND ${remindersSent.day} = ${day})`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}
export type OrderToRemind = Awaited<ReturnType<typeof listOrdersToRemind>>[number];

/** Each monastery with approved pujas on the day, and how many. */
export async function countApprovedByMonastery(db: Executor, day: string) {
  return db
    .select({ monasteryId: orders.monasteryId, count: count() })
    .from(orders)
    .where(and(eq(orders.pujaDate, day), inArray(orders.status, [REMINDED])))
    .groupBy(orders.monasteryId)
    .orderBy(asc(orders.monasteryId));
}

/**
 * Records a reminder as sent, in the transaction that queues it; false when it already was (another run, a
 * second instance): the caller then queues nothing.
 */
export async function claimReminder(
  tx: Transaction,
  reminder: { kind: 'patron-day-before' | 'staff-morning' | 'patron-pay-by'; subjectId: number; day: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(remindersSent)
    .values(reminder)
    .onConflictDoNothing()
    .returning({ day: remindersSent.day });
  return inserted.length > 0;
}
