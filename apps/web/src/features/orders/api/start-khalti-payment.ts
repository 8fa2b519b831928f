import { type KhaltiProcessResponse, startKhaltiPaymentEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Starts a Khalti payment for one of the patron's orders. */
export function startKhaltiPayment(orderId: number): Promise<KhaltiProcessResponse> {
  return callEndpoint(startKhaltiPaymentEndpoint, { body: { order: orderId } });
}
