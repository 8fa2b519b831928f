import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { type ActionOutcome, useAttempt } from '../../../lib/use-attempt.ts';
import { useCompletePuja } from '../api/complete-puja.ts';
import { useSendMessage } from '../api/send-message.ts';
import { type OrderUpdate, useUpdateOrder } from '../api/update-order.ts';
import type { DeclineChoice } from '../components/decline-dialog.tsx';

/**
 * What staff do with their monastery's orders, each with its docs/product.md#notifications toasts. Updates answer with the
 * refreshed lists, which replace the cached ones, so the table and the calendar follow at once. Each
 * update sends the version of the order as shown (docs/decisions/040).
 */
export function useOrderActions() {
  const { t } = useTranslation('staff');
  const attempt = useAttempt();
  const update = useUpdateOrder();
  const messaging = useSendMessage();
  const completion = useCompletePuja();

  return {
    /** `time`: the puja's time of day (HH:MM, Nepal time), when the staff member gives one. */
    approve: (order: Order, time?: string): Promise<ActionOutcome> =>
      attempt(
        () =>
          update.mutateAsync({
            orderId: order.id,
            version: order.version,
            action: 'approve',
            ...(time ? { time } : {}),
          }),
        {
          success: t('toasts.approved'),
          failure: t('toasts.approveFailed'),
        },
      ),
    /** `version`: the order's as the Update Puja Date form read it (its own, fresher, read). */
    redate: (order: Order, date: string, time?: string, version = order.version): Promise<ActionOutcome> =>
      attempt(
        () =>
          update.mutateAsync({
            orderId: order.id,
            version,
            action: 'redate',
            date,
            ...(time === undefined ? {} : { time }),
          }),
        {
          success: t('toasts.dateUpdated'),
          failure: t('toasts.dateUpdateFailed'),
        },
      ),
    /** The reason goes with the decline, and the patron reads it (docs/decisions/038). */
    decline: (order: Order, choice: DeclineChoice): Promise<ActionOutcome> =>
      attempt(
        () => update.mutateAsync({ orderId: order.id, version: order.version, action: 'decline', ...choice }),
        {
          success: t('toasts.declined'),
          failure: t('toasts.declineFailed'),
        },
      ),
    sendMessage: (order: Order, message: string): Promise<ActionOutcome> =>
      attempt(() => messaging.mutateAsync({ orderID: order.id, userID: order.user_id, message }), {
        success: t('toasts.messageSent'),
        failure: t('toasts.messageFailed'),
      }),
    // docs/product.md#notifications gives completion the same toasts as approval.
    complete: (order: Order, photos: readonly File[]): Promise<ActionOutcome> =>
      attempt(() => completion.mutateAsync({ orderId: order.id, photos }), {
        success: t('toasts.completed'),
        failure: t('toasts.completeFailed'),
      }),
    /** The update on its way, so the button that started it can show it. */
    updating: update.isPending ? (update.variables as OrderUpdate | undefined) : undefined,
    sendingMessage: messaging.isPending,
    completing: completion.isPending,
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
