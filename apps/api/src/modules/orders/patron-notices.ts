import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

/**
 * SMS notices to a patron about their order. Each is a job added in the transaction of the change it
 * reports, so it is sent exactly when that change committed, and retried until the provider takes it
 * (docs/decisions/011). Every notice names the order's number and links to it.
 */
export interface PatronNotices {
  tell(
    executor: Executor,
    order: { id: number; number: string; phone: string | null },
    text: string,
  ): Promise<void>;
}

export function createPatronNotices(options: { enabled: boolean; publicUrl: string }): PatronNotices {
  return {
    async tell(executor, order, text) {
      if (!options.enabled || !order.phone) return;
      await enqueueJob(executor, 'send-sms', {
        to: order.phone,
        text: `${order.number}: ${text} ${options.publicUrl}/orders?oid=${order.id}`,
      });
    },
  };
}
