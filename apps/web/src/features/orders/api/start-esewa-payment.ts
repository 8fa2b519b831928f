import { type EsewaProcessResponse, esewaProcessResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/esewa-process`: the signed eSewa form for one of the patron's orders. */
export function startEsewaPayment(orderId: number): Promise<EsewaProcessResponse> {
  return apiRequest('/api/esewa-process', {
    method: 'POST',
    body: { order: orderId },
    schema: esewaProcessResponseSchema,
  });
}
