import { type MonasteryPujasResponse, monasteryPujasResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SpecialPuja, specialPujaFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

export interface SpecialPujaUpdate extends SpecialPuja {
  pivotId: number;
}

/**
 * Edits a special puja (POST with the patch override); the picture goes only to replace it. Hand-written,
 * as creating one is (`create-special-puja.ts`).
 */
export function updateSpecialPuja({ pivotId, ...puja }: SpecialPujaUpdate): Promise<MonasteryPujasResponse> {
  return apiRequest(`/api/monastery-special-puja/${pivotId}`, {
    method: 'POST',
    body: { _method: 'patch', ...specialPujaFields(puja) },
    schema: monasteryPujasResponseSchema,
  });
}

export function useUpdateSpecialPuja() {
  return useMonasteryPujasMutation(updateSpecialPuja);
}
