import { type MonasteryPujasResponse, removeMonasteryPujaEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/**
 * The monastery stops offering a puja (a special puja goes with it). The server keeps it archived when it
 * has orders.
 */
export function removeMonasteryPuja(pivotId: number): Promise<MonasteryPujasResponse> {
  return callEndpoint(removeMonasteryPujaEndpoint, { params: { pivotId } });
}

export function useRemoveMonasteryPuja() {
  return useMonasteryPujasMutation(removeMonasteryPuja);
}
