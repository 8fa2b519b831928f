import '../../../lib/orders-strings.ts';
import type {
  EsewaProcessResponse,
  KhaltiProcessResponse,
  PaymentMethod,
  PaymentProvider,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { ordersQueryKey } from '../api/orders-query-keys.ts';
import { startCardPayment } from '../api/start-card-payment.ts';
import { startEsewaPayment } from '../api/start-esewa-payment.ts';
import { startKhaltiPayment } from '../api/start-khalti-payment.ts';
import { goToPaymentPage, postPaymentForm } from '../utils/leave-for-payment.ts';

export interface PayForOrder {
  /** Starts paying `orderId` with `method`; resolves true once the browser is leaving for the wallet. */
  pay: (orderId: number, method: PaymentProvider) => Promise<boolean>;
  /** The wallet the page is leaving for, while it starts and until the page is gone. */
  leavingFor: PaymentProvider | null;
}

/** Asks our server to start a payment: the eSewa form to post, or the Khalti page to go to. */
export type StartPayment = (
  orderId: number,
  method: PaymentMethod,
) => Promise<EsewaProcessResponse | KhaltiProcessResponse>;

/** The patron paying their own order. */
const startOwnPayment: StartPayment = (orderId, method) =>
  method === 'esewa' ? startEsewaPayment(orderId) : startKhaltiPayment(orderId);

/**
 * Starting a payment (docs/api.md): ask our server for the eSewa form or the Khalti page, then leave for it.
 * A refusal (already paid, declined, Khalti unavailable) is told in a toast and the orders are refreshed,
 * since the refusal usually means they changed.
 */
export function usePayForOrder(start: StartPayment = startOwnPayment): PayForOrder {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const [leavingFor, setLeavingFor] = useState<PaymentProvider | null>(null);

  // Back from the wallet with the browser's Back button, the page may be restored as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = useCallback(
    async (orderId: number, method: PaymentProvider) => {
      setLeavingFor(method);
      try {
        // Cards are the patron's own order's (a link's payer pays with a wallet): Stripe's Checkout page.
        if (method === 'stripe') goToPaymentPage((await startCardPayment(orderId)).url);
        else {
          const started = await start(orderId, method);
          if ('action' in started) postPaymentForm(started.action, started.fields);
          else goToPaymentPage(started.response.payment_url);
        }
        return true;
      } catch (error) {
        setLeavingFor(null);
        // A 401 has already said 'Session Expired' and gone to login.
        if (!(error instanceof ApiError && error.status === 401)) {
          const reason = error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' });
          notifyError(reason, { title: t('payment.startFailed'), id: `payment-start-${orderId}` });
        }
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        return false;
      }
    },
    [t, queryClient, start],
  );

  return { pay, leavingFor };
}
