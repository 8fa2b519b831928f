import { type MonasteryPujasResponse, monasteryPujasResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/**
 * `DELETE /api/monastery-puja/{pivotId}`: the monastery stops offering a puja (a special puja goes with
 * it). The server keeps it archived when it has orders.
 */
export function removeMonasteryPuja(pivotId: number): Promise<MonasteryPujasResponse> {
  return apiRequest(`/api/monastery-puja/${pivotId}`, {
    method: 'DELETE',
    schema: monasteryPujasResponseSchema,
  });
}

export function useRemoveMonasteryPuja() {
  return useMonasteryPujasMutation(removeMonasteryPuja);
}
