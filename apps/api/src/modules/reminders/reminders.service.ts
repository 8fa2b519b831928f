import { addDays, dayInZone, LINKED_PAGES, orderPagePath, todayIn, zonedTimeToUtc } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { noticeText, type PatronNotice, smsText } from '../../notices/notices.ts';
import { listStaffContacts } from '../orders/order-notices.queries.ts';
import { firstNamesOfOrder } from '../orders/orders.queries.ts';
import {
  claimReminder,
  countApprovedByMonastery,
  listOrdersToRemind,
  type OrderToRemind,
} from './reminders.queries.ts';

/** How many names an SMS reminder writes out before "+N more": an SMS stays a few parts long. */
export const REMINDER_SMS_NAMES = 3;
/** Orders reminded per transaction: a busy day is worked through in batches, each committed on its own. */
const BATCH = 100;

/**
 * Reminders (docs/decisions/038): the patron the day before their puja, by SMS or e-mail as they chose, in
 * their language, with the puja's time in Nepal time and in their own zone when it is known; each
 * monastery's staff in the morning, with the day's count and the run sheet. Each reminder is claimed in
 * `reminders_sent` in the transaction that queues its SMS or e-mail, so a job run twice sends it once.
 */
export function createRemindersService(dependencies: {
  db: Database;
  /** NOTIFY_PATRONS_BY_SMS. */
  sms: boolean;
  /** Whether an e-mail transport is configured. */
  email: boolean;
  publicUrl: string;
  businessTimeZone: string;
}) {
  const { db, publicUrl, businessTimeZone } = dependencies;

  /** What the reminder says of the puja's day and time, in Nepal time and, when known, the patron's. */
  function reminderNotice(order: OrderToRemind): PatronNotice {
    const base = { monastery: order.monastery, puja: order.puja, date: order.pujaDate };
    if (!order.pujaTime) return { key: 'pujaReminder', params: base };
    const yourTime = order.timeZone
      ? timeInZone(order.pujaDate, order.pujaTime, businessTimeZone, order.timeZone)
      : undefined;
    return yourTime
      ? { key: 'pujaReminderAtYourTime', params: { ...base, time: order.pujaTime, yourTime } }
      : { key: 'pujaReminderAt', params: { ...base, time: order.pujaTime } };
  }

  async function remindPatron(order: OrderToRemind): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await claimReminder(tx, { kind: 'patron-day-before', subjectId: order.id, day: order.pujaDate })))
        return false;
      if (order.reminderChannel === 'none') return true;
      const notice = reminderNotice(order);
      // E-mail when chosen and possible; otherwise the SMS every patron can receive.
      if (order.reminderChannel === 'email' && dependencies.email && order.email && order.emailNotices) {
        await enqueueJob(tx, 'send-email', { userId: order.userId, orderId: order.id, notice });
        return true;
      }
      if (!dependencies.sms || !order.phone) return true;
      const { names, total } = await firstNamesOfOrder(tx, order.id, REMINDER_SMS_NAMES);
      const text = [
        `${order.number}: ${smsText(order.language, notice)}`,
        ...(names.length > 0 ? [namesLine(order.language, names, total)] : []),
        `${publicUrl}${orderPagePath(order.id)}`,
      ].join(' ');
      await enqueueJob(tx, 'send-sms', { to: order.phone, text });
      return true;
    });
  }

  return {
    /**
     * Reminds the patrons of tomorrow's approved pujas (tomorrow in Nepal at `now`). Run in the evening,
     * Nepal time, and again each hour until midnight, so an order approved late is reminded too.
     */
    async remindPatrons(now = new Date()): Promise<number> {
      const tomorrow = addDays(todayIn(businessTimeZone, now), 1);
      let sent = 0;
      let afterId = 0;
      for (;;) {
        const batch = await listOrdersToRemind(db, tomorrow, afterId, BATCH);
        for (const order of batch) if (await remindPatron(order)) sent += 1;
        if (batch.length < BATCH) return sent;
        afterId = batch.at(-1)!.id;
      }
    },

    /** Tells each monastery with approved pujas today (Nepal) how many, with the run sheet's link. */
    async remindStaff(now = new Date()): Promise<number> {
      const today = todayIn(businessTimeZone, now);
      let told = 0;
      for (const { monasteryId, count } of await countApprovedByMonastery(db, today)) {
        const claimed = await db.transaction(async (tx) => {
          if (!(await claimReminder(tx, { kind: 'staff-morning', subjectId: monasteryId, day: today })))
            return false;
          if (!dependencies.sms) return true;
          for (const staff of await listStaffContacts(tx, monasteryId)) {
            await enqueueJob(tx, 'send-sms', {
              to: staff.phone!,
              text: smsText(staff.language, {
                key: 'staffMorningRunSheet',
                params: {
                  date: today,
                  count: String(count),
                  runSheetUrl: `${publicUrl}${LINKED_PAGES.staffRunSheet}`,
                },
              }),
            });
          }
          return true;
        });
        if (claimed) told += 1;
      }
      return told;
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;

/** The first names of an order and "+N more" for the rest, in the reader's language. */
export function namesLine(
  language: Parameters<typeof noticeText>[0],
  names: string[],
  total: number,
): string {
  const more = total - names.length;
  const list = [
    ...names,
    ...(more > 0 ? [noticeText(language, 'sms', 'reminderMoreNames', { count: String(more) })] : []),
  ].join(', ');
  return noticeText(language, 'sms', 'reminderNames', { names: list });
}

/**
 * The puja's time (a wall-clock time on a day in the business zone) in another zone, `HH:MM`, with the
 * day before it when the day differs; undefined when that zone's clock reads the same as Nepal's.
 */
export function timeInZone(
  day: string,
  time: string,
  businessTimeZone: string,
  zone: string,
): string | undefined {
  const instant = zonedTimeToUtc(day, time, businessTimeZone);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  const theirDay = dayInZone(instant, zone);
  if (theirDay === day && clock === time) return undefined;
  return theirDay === day ? clock : `${theirDay} ${clock}`;
}
