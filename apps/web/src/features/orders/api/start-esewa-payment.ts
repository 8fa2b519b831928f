import { type EsewaProcessResponse, startEsewaPaymentEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The signed eSewa form for one of the patron's orders. */
export function startEsewaPayment(orderId: number): Promise<EsewaProcessResponse> {
  return callEndpoint(startEsewaPaymentEndpoint, { body: { order: orderId } });
}
