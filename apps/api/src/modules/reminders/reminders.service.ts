import {
  addDays,
  catalogueText,
  DEFAULT_LANGUAGE,
  dayInZone,
  LINKED_PAGES,
  orderPagePath,
  todayIn,
  zonedTimeToUtc,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { noticeText, type PatronNotice, smsMessage } from '../../notices/notices.ts';
import { smsBudget, smsSize } from '../../notices/sms-segments.ts';
import { firstNamesOfOrder, listStaffContacts } from '../orders/orders.shared-queries.ts';
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

  /**
   * What the reminder says of the puja's day and time, in Nepal time and, when known, the patron's: "tomorrow",
   * or "today" when a missed evening's reminder goes out after midnight.
   */
  function reminderNotice(order: OrderToRemind, today: boolean): PatronNotice {
    const reader = order.language ?? DEFAULT_LANGUAGE;
    const base = {
      monastery: catalogueText(order.monastery, 'name', reader),
      puja: catalogueText(order.puja, 'name', reader),
      date: order.pujaDate,
    };
    if (!order.pujaTime) return { key: today ? 'pujaReminderToday' : 'pujaReminder', params: base };
    const yourTime = order.timeZone
      ? timeInZone(order.pujaDate, order.pujaTime, businessTimeZone, order.timeZone)
      : undefined;
    if (yourTime)
      return {
        key: today ? 'pujaReminderTodayAtYourTime' : 'pujaReminderAtYourTime',
        params: { ...base, time: order.pujaTime, yourTime },
      };
    return {
      key: today ? 'pujaReminderTodayAt' : 'pujaReminderAt',
      params: { ...base, time: order.pujaTime },
    };
  }

  async function remindPatron(order: OrderToRemind, today: boolean): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await claimReminder(tx, { kind: 'patron-day-before', subjectId: order.id, day: order.pujaDate })))
        return false;
      if (order.reminderChannel === 'none') return true;
      const notice = reminderNotice(order, today);
      // E-mail when chosen and possible; otherwise the SMS every patron can receive.
      if (order.reminderChannel === 'email' && dependencies.email && order.email && order.emailNotices) {
        await enqueueJob(tx, 'send-email', { userId: order.userId, orderId: order.id, notice });
        return true;
      }
      if (!dependencies.sms || !order.phone) return true;
      const { names, total } = await firstNamesOfOrder(tx, order.id, REMINDER_SMS_NAMES);
      const reminder = `${order.number}: ${smsMessage(order.language, notice)}`;
      const link = `${publicUrl}${orderPagePath(order.id)}`;
      const withNames =
        names.length > 0 ? `${reminder} ${namesLine(order.language, names, total)} ${link}` : undefined;
      // The names as long as they keep the reminder within its SMS (docs/decisions/048); the order's page
      // has them all.
      const text =
        withNames && smsSize(withNames).segments <= smsBudget(order.language)
          ? withNames
          : `${reminder} ${link}`;
      await enqueueJob(tx, 'send-sms', { to: order.phone, text });
      return true;
    });
  }

  return {
    /**
     * Reminds the patrons of the approved pujas of the day after `slot`'s day in Nepal (the cron slot the
     * run is for; `now` when run by hand). Run in the evening, Nepal time, and again each hour until
     * midnight, so an order approved late is reminded too. A slot missed while the server was down and run
     * after midnight (docs/decisions/042) reminds its day's pujas late, saying "today", once (the claim is
     * per order and day), and leaves out a puja whose time has already come.
     */
    async remindPatrons(now = new Date(), slot = now): Promise<number> {
      const day = addDays(todayIn(businessTimeZone, slot), 1);
      const today = todayIn(businessTimeZone, now);
      if (day < today) return 0;
      const begun = (order: OrderToRemind) =>
        order.pujaDate === today &&
        order.pujaTime !== null &&
        zonedTimeToUtc(order.pujaDate, order.pujaTime, businessTimeZone) <= now;
      let sent = 0;
      let afterId = 0;
      for (;;) {
        const batch = await listOrdersToRemind(db, day, afterId, BATCH);
        for (const order of batch) if (!begun(order) && (await remindPatron(order, day === today))) sent += 1;
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
              text: smsMessage(staff.language, {
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
