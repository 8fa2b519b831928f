import { type CardProcessResponse, startCardPaymentEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Starts a card payment (Stripe Checkout) for one of the patron's orders, in the patron's currency. */
export function startCardPayment(orderId: number): Promise<CardProcessResponse> {
  return callEndpoint(startCardPaymentEndpoint, { body: { order: orderId } });
}
