import '../../../lib/orders-strings.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify.ts';

/**
 * The wallet sends the browser back through our server to `?status=success` or `?status=error`, or
 * `refund` (the money arrived for an order that could no longer take it, so it is due back) or `checking`
 * (the provider could not be asked yet; reconciliation settles it), on the orders' page or a plan's: say how the payment went, once, then
 * drop `status` from the address so a reload does not say it again.
 */
export function usePaymentOutcomeToast(): void {
  const { t } = useTranslation('orders');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');

  useEffect(() => {
    if (status === null) return;
    // The same id twice (React StrictMode runs effects twice) is one toast.
    if (status === 'success') notifySuccess(t('payment.success'), { id: 'payment-outcome' });
    else if (status === 'error') notifyError(t('payment.failure'), { id: 'payment-outcome' });
    else if (status === 'refund') notifyWarning(t('payment.refund'), { id: 'payment-outcome' });
    else if (status === 'checking') notifyInfo(t('payment.checking'), { id: 'payment-outcome' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('status');
        return next;
      },
      { replace: true },
    );
  }, [status, setSearchParams, t]);
}
