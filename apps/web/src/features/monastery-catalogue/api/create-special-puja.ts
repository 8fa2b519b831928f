import { createSpecialPujaEndpoint, type MonasteryPujasResponse } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { type SpecialPuja, specialPujaFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/** A puja of this monastery's own, with its price and picture (multipart). */
export function createSpecialPuja(puja: SpecialPuja): Promise<MonasteryPujasResponse> {
  return callEndpoint(createSpecialPujaEndpoint, { body: specialPujaFields(puja) });
}

export function useCreateSpecialPuja() {
  return useMonasteryPujasMutation(createSpecialPuja);
}
