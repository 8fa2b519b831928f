import {
  createPaymentLinkEndpoint,
  type PaymentMethod,
  paymentLinkEndpoint,
  startEsewaLinkPaymentEndpoint,
  startKhaltiLinkPaymentEndpoint,
  withdrawPaymentLinkEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/**
 * "Pay for me" links (docs/decisions/051): the patron makes and withdraws one for an unpaid order; anyone
 * holding it reads what it pays for and pays, signed out.
 */
export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useEndpointMutation(createPaymentLinkEndpoint, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

export function useWithdrawPaymentLink() {
  const queryClient = useQueryClient();
  return useEndpointMutation(withdrawPaymentLinkEndpoint, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

/** What a link pays for; asked again now and then while the page waits for a payment to be confirmed. */
export function usePaymentLink(token: string, options: { refetchInterval?: number | false } = {}) {
  return useEndpointQuery(paymentLinkEndpoint, { params: { token } }, { retry: false, ...options });
}

/** Starts paying a link's order with a wallet; the payer's name goes on the receipt. */
export function startLinkPayment(token: string, method: PaymentMethod, payerName: string) {
  const input = { params: { token }, body: payerName.trim() ? { payer_name: payerName.trim() } : {} };
  return method === 'esewa'
    ? callEndpoint(startEsewaLinkPaymentEndpoint, input)
    : callEndpoint(startKhaltiLinkPaymentEndpoint, input);
}
