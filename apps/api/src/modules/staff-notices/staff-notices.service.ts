import {
  addDays,
  ERROR_MESSAGES,
  LINKED_PAGES,
  STAFF_NEW_ORDERS_PATH,
  type StaffNoticeSettings,
  type StaffNoticeSettingsResponse,
  staffOrderPath,
  todayIn,
  zonedTimeToUtc,
} from '@puja/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { EmailSender } from '../../integrations/email/email-sender.ts';
import { isAllowedPushEndpoint, type PushSender, type VapidKeys } from '../../integrations/push/web-push.ts';
import { enqueueJob, type JobPayloads } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { withNamesIn } from '../../notices/catalogue-names.ts';
import { noticeText, type StaffNotice, smsMessage, smsText } from '../../notices/notices.ts';
import { findOrderCatalogueNames } from '../orders/orders.shared-queries.ts';
import {
  countPushSubscriptions,
  deletePushSubscription,
  deletePushSubscriptionById,
  findPushSubscription,
  findStaffEmailRecipient,
  findStaffNoticeSettings,
  findStaffRecipient,
  insertPendingNotice,
  listDueDigests,
  listPushSubscriptions,
  listStaffRecipients,
  type StaffRecipient,
  takePendingNotices,
  updateStaffNoticeSettings,
  upsertPushSubscription,
} from './staff-notices.queries.ts';

/** When the daily digest goes, Nepal time: before the office's day starts. */
export const DAILY_DIGEST_TIME = '07:00';
/** Order numbers a digest writes out before "+N more": three keep its SMS within budget (docs/decisions/048). */
const DIGEST_ORDERS_SHOWN = 3;
/** Staff whose digest one run sends; the next minute's run takes the rest. */
const DIGESTS_PER_RUN = 200;

/** What one message says, on each channel: the SMS line, the notification and the e-mail job. */
interface Telling {
  sms: string;
  push: { title: string; body: string; url: string };
  email: JobPayloads['send-staff-email'];
}

/**
 * Notices to a monastery's staff (docs/decisions/041): each person chooses SMS, e-mail and web push, at
 * each order or in a digest every 15 minutes, every hour or each morning. A notice for a digest waits as a
 * row (`staff_notices_pending`) and the `send-staff-digests` job, every minute, sends the digests that are
 * due; everything is queued in the transaction of the change (or of the digest), so nothing is lost.
 */
export function createStaffNotices(dependencies: {
  db: Database;
  /** NOTIFY_PATRONS_BY_SMS. */
  sms: boolean;
  email?: { sender: EmailSender; siteName: string };
  push?: { keys: VapidKeys; send: PushSender; services: readonly string[] };
  publicUrl: string;
  businessTimeZone: string;
}) {
  const { db, publicUrl } = dependencies;
  const settingsUrl = `${publicUrl}${LINKED_PAGES.staffAccount}`;

  async function queue(executor: Executor, recipient: StaffRecipient, telling: Telling) {
    if (dependencies.sms && recipient.sms && recipient.phone)
      await enqueueJob(executor, 'send-sms', { to: recipient.phone, text: telling.sms });
    if (dependencies.email && recipient.byEmail && recipient.email)
      await enqueueJob(executor, 'send-staff-email', telling.email);
    if (dependencies.push && recipient.push)
      for (const device of await listPushSubscriptions(executor, recipient.id))
        await enqueueJob(executor, 'send-push', { subscriptionId: device.id, ...telling.push });
  }

  /** The latest daily digest time (Nepal) at or before `now`. */
  function dailyCutoff(now: Date): Date {
    const today = todayIn(dependencies.businessTimeZone, now);
    const cutoff = zonedTimeToUtc(today, DAILY_DIGEST_TIME, dependencies.businessTimeZone);
    return cutoff <= now
      ? cutoff
      : zonedTimeToUtc(addDays(today, -1), DAILY_DIGEST_TIME, dependencies.businessTimeZone);
  }

  async function settingsOf(userId: number): Promise<StaffNoticeSettingsResponse> {
    const row = await findStaffNoticeSettings(db, userId);
    if (!row) throw new AppError('notFound', ERROR_MESSAGES.notFound);
    return {
      sms: row.sms,
      email: row.email,
      push: row.push,
      frequency: row.frequency,
      has_phone: Boolean(row.phone),
      has_email: Boolean(row.address),
      push_devices: await countPushSubscriptions(db, userId),
      vapid_public_key: dependencies.push?.keys.publicKey ?? null,
    };
  }

  return {
    /** Tells the order's monastery's staff, each as they chose; called in the transaction of the change. */
    async tell(
      executor: Executor,
      order: { id: number; number: string; monasteryId: number },
      queued: StaffNotice,
    ): Promise<void> {
      const names = await findOrderCatalogueNames(executor, order.id);
      for (const recipient of await listStaffRecipients(executor, order.monasteryId)) {
        // The puja as the catalogue names it in this person's language (docs/decisions/049).
        const notice = withNamesIn(queued, names, recipient.language);
        if (recipient.frequency !== 'each') {
          await insertPendingNotice(executor, { userId: recipient.id, orderId: order.id, notice });
          continue;
        }
        const text = smsMessage(recipient.language, notice);
        const url = `${publicUrl}${staffOrderPath(order.id)}`;
        await queue(executor, recipient, {
          sms: `${order.number}: ${text} ${url}`,
          push: { title: order.number, body: text, url },
          email: { userId: recipient.id, order: { id: order.id, number: order.number }, notice },
        });
      }
    },

    /**
     * Sends every digest due at `now` (the job passes the time; tests pass their own). Each person's
     * waiting notices are taken and their digest queued in one transaction. Returns the digests queued.
     */
    async sendDigests(now = new Date()): Promise<number> {
      let sent = 0;
      for (const userId of await listDueDigests(db, now, dailyCutoff(now), DIGESTS_PER_RUN)) {
        const queued = await db.transaction(async (tx) => {
          const taken = await takePendingNotices(tx, userId, now);
          const recipient = await findStaffRecipient(tx, userId);
          if (taken.length === 0 || !recipient) return false;
          const numbers = [...new Set(taken.map((row) => row.number))];
          const more = numbers.length - DIGEST_ORDERS_SHOWN;
          const orders = [
            ...numbers.slice(0, DIGEST_ORDERS_SHOWN),
            ...(more > 0 ? [noticeText(recipient.language, 'staff', 'more', { count: String(more) })] : []),
          ].join(', ');
          const listUrl = `${publicUrl}${STAFF_NEW_ORDERS_PATH}`;
          const digest = { count: String(taken.length), orders };
          const text = noticeText(recipient.language, 'staff', 'digest', { ...digest, listUrl });
          await queue(tx, recipient, {
            sms: text,
            push: {
              title: noticeText(recipient.language, 'staff', 'digestSubject', digest),
              body: orders,
              url: listUrl,
            },
            email: { userId, digest },
          });
          return true;
        });
        if (queued) sent += 1;
      }
      return sent;
    },

    /** The `send-push` job: one notification to one device; a device its push service dropped is forgotten. */
    async sendPush(payload: JobPayloads['send-push']): Promise<void> {
      if (!dependencies.push) return;
      const device = await findPushSubscription(db, payload.subscriptionId);
      if (!device) return;
      const { subscriptionId: _, ...message } = payload;
      if ((await dependencies.push.send(device, message)) === 'gone')
        await deletePushSubscriptionById(db, device.id);
    },

    /**
     * The `send-staff-email` job, composed when sent: to the address and in the language the person has
     * then, and not at all if they turned e-mail off, left the monastery or removed their address.
     */
    async sendEmail(payload: JobPayloads['send-staff-email']): Promise<void> {
      if (!dependencies.email) return;
      const person = await findStaffEmailRecipient(db, payload.userId);
      if (!person?.email || !person.wantsEmail || person.archivedAt || person.role !== 'monastery') return;
      const { language } = person;
      const lines: string[] = [];
      let subject: string;
      if ('digest' in payload) {
        subject = noticeText(language, 'staff', 'digestSubject', payload.digest);
        lines.push(
          noticeText(language, 'staff', 'digest', {
            ...payload.digest,
            listUrl: `${publicUrl}${STAFF_NEW_ORDERS_PATH}`,
          }),
        );
      } else {
        subject = noticeText(language, 'staff', 'orderSubject', { order: payload.order.number });
        lines.push(
          `${payload.order.number}: ${smsText(language, payload.notice)}`,
          noticeText(language, 'staff', 'openOrder', {
            orderUrl: `${publicUrl}${staffOrderPath(payload.order.id)}`,
          }),
        );
      }
      lines.push(noticeText(language, 'staff', 'why', { settingsUrl }));
      await dependencies.email.sender.send({
        to: person.email,
        subject: `${subject} · ${dependencies.email.siteName}`,
        text: lines.join('\n\n'),
        html: `<!doctype html><html lang="${language ?? 'en'}"><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
        language: language ?? 'en',
      });
    },

    settings: settingsOf,

    async updateSettings(userId: number, settings: StaffNoticeSettings) {
      await updateStaffNoticeSettings(db, userId, settings);
      return settingsOf(userId);
    },

    async addDevice(
      userId: number,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    ) {
      if (!dependencies.push) throw new AppError('conflict', 'Notifications are not set up on this server.');
      if (!isAllowedPushEndpoint(subscription.endpoint, dependencies.push.services))
        throw new AppError('invalidInput', 'This browser’s push service is not one we send to.', {
          endpoint: ['This browser’s push service is not one we send to.'],
        });
      await upsertPushSubscription(db, { userId, endpoint: subscription.endpoint, ...subscription.keys });
      return settingsOf(userId);
    },

    async removeDevice(userId: number, endpoint: string) {
      await deletePushSubscription(db, userId, endpoint);
      return settingsOf(userId);
    },
  };
}
export type StaffNotices = ReturnType<typeof createStaffNotices>;
