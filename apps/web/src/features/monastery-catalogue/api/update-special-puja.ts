import { type MonasteryPujasResponse, updateSpecialPujaEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { type SpecialPuja, specialPujaFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

export interface SpecialPujaUpdate extends SpecialPuja {
  pivotId: number;
}

/** Edits a special puja (multipart, POST with the patch override); the picture goes only to replace it. */
export function updateSpecialPuja({ pivotId, ...puja }: SpecialPujaUpdate): Promise<MonasteryPujasResponse> {
  return callEndpoint(updateSpecialPujaEndpoint, { params: { pivotId }, body: specialPujaFields(puja) });
}

export function useUpdateSpecialPuja() {
  return useMonasteryPujasMutation(updateSpecialPuja);
}
