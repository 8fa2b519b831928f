import { type KhaltiProcessResponse, khaltiProcessResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/khalti-process`: starts a Khalti payment for one of the patron's orders. */
export function startKhaltiPayment(orderId: number): Promise<KhaltiProcessResponse> {
  return apiRequest('/api/khalti-process', {
    method: 'POST',
    body: { order: orderId },
    schema: khaltiProcessResponseSchema,
  });
}
