import { type MonasteryPujasResponse, monasteryPujasResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SpecialPuja, specialPujaFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/** `POST /api/monastery-special-puja` (multipart): a puja of this monastery's own, with its price. */
export function createSpecialPuja(puja: SpecialPuja): Promise<MonasteryPujasResponse> {
  return apiRequest('/api/monastery-special-puja', {
    method: 'POST',
    body: specialPujaFields(puja),
    schema: monasteryPujasResponseSchema,
  });
}

export function useCreateSpecialPuja() {
  return useMonasteryPujasMutation(createSpecialPuja);
}
