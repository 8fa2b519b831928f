import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

/**
 * SMS notices about an order, to its patron or to its monastery's staff. Each is a job added in the
 * transaction of the change it reports, so it is sent exactly when that change committed, and retried until
 * the provider takes it (docs/decisions/011). Every notice names the order's number and links to where the
 * reader sees the order.
 */
export interface OrderNotices {
  tell(
    executor: Executor,
    order: { id: number; number: string; phone: string | null },
    text: string,
  ): Promise<void>;
  tellStaff(
    executor: Executor,
    order: { id: number; number: string },
    phones: string[],
    text: string,
  ): Promise<void>;
}

export function createOrderNotices(options: { enabled: boolean; publicUrl: string }): OrderNotices {
  const send = (executor: Executor, to: string, text: string) =>
    enqueueJob(executor, 'send-sms', { to, text });
  return {
    async tell(executor, order, text) {
      if (!options.enabled || !order.phone) return;
      await send(
        executor,
        order.phone,
        `${order.number}: ${text} ${options.publicUrl}/orders?oid=${order.id}`,
      );
    },
    async tellStaff(executor, order, phones, text) {
      if (!options.enabled) return;
      for (const phone of phones)
        await send(executor, phone, `${order.number}: ${text} ${options.publicUrl}/monastery/dashboard`);
    },
  };
}
