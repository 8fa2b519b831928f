import { type MonasteryPujasResponse, monasteryPujasResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SpecialPuja, specialPujaFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/**
 * A puja of this monastery's own, with its price and picture. Still a hand-written call: an endpoint
 * declaration cannot yet say that its body is multipart (see the note in `contract/src/monastery-catalogue.ts`).
 */
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
