import type { AdminPayment } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import { useRefundPayment } from '../api/refund-payment.ts';

/**
 * Refund a Khalti payment through Khalti, or a card payment through Stripe, after a confirmation. The server's message is the toast: done
 * (200, `Refunded`), or asked and to be retried automatically (202, still `Refund due`). A refusal (409 not
 * due or under way, 422 Khalti refused: refund in Khalti's portal and record it) is told with its reason;
 * the list is fetched again either way.
 */
export function useProviderRefund() {
  const { t } = useTranslation('admin');
  const confirmation = useConfirmation<AdminPayment>();
  const refund = useRefundPayment();

  function confirm() {
    const payment = confirmation.target;
    if (!payment || refund.isPending) return;
    refund.mutate(payment.id, {
      onSuccess: (answer) => {
        if (answer.payment.status === 'Refunded') notifySuccess(answer.message);
        else notifyInfo(answer.message);
        confirmation.close();
      },
      onError: (error) => {
        confirmation.close();
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
            title: t(payment.provider === 'stripe' ? 'payments.refundStripeFailed' : 'payments.refundFailed'),
          });
        }
      },
    });
  }

  return { ...confirmation, confirm, isPending: refund.isPending };
}
