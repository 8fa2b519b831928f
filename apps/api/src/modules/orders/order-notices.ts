import { LINKED_PAGES, orderPagePath } from '@puja/contract';
import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import {
  type OrderEmailAttachment,
  type PatronNotice,
  type StaffNotice,
  smsText,
} from '../../notices/notices.ts';
import { findOrderPatronContact, listStaffContacts } from './order-notices.queries.ts';

/**
 * Notices about an order, to its patron or to its monastery's staff, each in the reader's language
 * (docs/decisions/019). Each is a job added in the transaction of the change it reports, so it is sent
 * exactly when that change committed, and retried until the provider takes it (docs/decisions/011). Every
 * SMS names the order's number and links to where the reader sees the order.
 */
export interface OrderNotices {
  /**
   * Tells the order's patron: by SMS, and by e-mail as well when they have an address and have not turned
   * e-mail off. `attach` adds the receipt or the puja's calendar event to the e-mail; `quoteMessage` puts
   * the monastery's message (its id) in the e-mail, which the SMS only announces.
   */
  tell(
    executor: Executor,
    order: { id: number; number: string },
    notice: PatronNotice,
    options?: { attach?: OrderEmailAttachment[]; quoteMessage?: number },
  ): Promise<void>;
  /** Tells the monastery's staff by SMS. */
  tellStaff(
    executor: Executor,
    order: { id: number; number: string; monasteryId: number },
    notice: StaffNotice,
  ): Promise<void>;
}

export function createOrderNotices(options: {
  /** NOTIFY_PATRONS_BY_SMS. */
  sms: boolean;
  /** Whether an e-mail transport is configured (EMAIL_TRANSPORT is not `none`). */
  email: boolean;
  publicUrl: string;
}): OrderNotices {
  return {
    async tell(executor, order, notice, tellOptions = {}) {
      const patron = await findOrderPatronContact(executor, order.id);
      if (!patron) return;
      if (options.sms && patron.phone) {
        const orderUrl = `${options.publicUrl}${orderPagePath(order.id)}`;
        const text = smsText(patron.language, notice, { orderUrl });
        // A text that already leads to the order (the completion, to its photos) needs no second link.
        await enqueueJob(executor, 'send-sms', {
          to: patron.phone,
          text: `${order.number}: ${text}${text.includes(orderUrl) ? '' : ` ${orderUrl}`}`,
        });
      }
      if (options.email && patron.email && patron.emailNotices) {
        await enqueueJob(executor, 'send-email', {
          userId: patron.userId,
          orderId: order.id,
          notice,
          ...(tellOptions.attach?.length ? { attach: tellOptions.attach } : {}),
          ...(tellOptions.quoteMessage ? { messageId: tellOptions.quoteMessage } : {}),
        });
      }
    },
    async tellStaff(executor, order, notice) {
      if (!options.sms) return;
      for (const staff of await listStaffContacts(executor, order.monasteryId)) {
        await enqueueJob(executor, 'send-sms', {
          to: staff.phone!,
          text: `${order.number}: ${smsText(staff.language, notice)} ${options.publicUrl}${LINKED_PAGES.staffDashboard}`,
        });
      }
    },
  };
}
