import { orderPagePath } from '@puja/contract';
import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { withNamesIn } from '../../notices/catalogue-names.ts';
import {
  hasLink,
  type OrderEmailAttachment,
  type PatronNotice,
  type StaffNotice,
  smsMessage,
} from '../../notices/notices.ts';
import type { StaffNotices } from '../staff-notices/staff-notices.service.ts';
import { findOrderCatalogueNames, findOrderPatronContact } from './order-notices.queries.ts';

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
  /** Tells the monastery's staff, each as they chose (docs/decisions/041). */
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
  staff: Pick<StaffNotices, 'tell'>;
}): OrderNotices {
  return {
    async tell(executor, order, queued, tellOptions = {}) {
      const patron = await findOrderPatronContact(executor, order.id);
      if (!patron) return;
      // The puja and monastery as the catalogue names them in the patron's language (docs/decisions/049).
      const notice = withNamesIn(queued, await findOrderCatalogueNames(executor, order.id), patron.language);
      if (options.sms && patron.phone) {
        const orderUrl = `${options.publicUrl}${orderPagePath(order.id)}`;
        const text = smsMessage(patron.language, notice, { orderUrl });
        // A text that already carries a link (the completion's to its photos, a livestream's) needs no
        // second one: a second link would take it past one SMS (docs/decisions/048).
        await enqueueJob(executor, 'send-sms', {
          to: patron.phone,
          text: `${order.number}: ${text}${hasLink(text) ? '' : ` ${orderUrl}`}`,
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
    tellStaff: (executor, order, notice) => options.staff.tell(executor, order, notice),
  };
}
