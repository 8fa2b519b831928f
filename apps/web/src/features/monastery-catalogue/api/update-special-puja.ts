import { type MonasteryPujasResponse, updateSpecialPujaEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { type SpecialPuja, specialPujaFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

export interface SpecialPujaUpdate extends SpecialPuja {
  pivotId: number;
  /** The version the form was opened at (docs/decisions/040). */
  version: number | undefined;
}

/**
 * Edits a special puja (multipart, POST with the patch override); the picture goes only to replace it. A
 * save from an older version than the stored one is refused (409).
 */
export function updateSpecialPuja({
  pivotId,
  version,
  ...puja
}: SpecialPujaUpdate): Promise<MonasteryPujasResponse> {
  return callEndpoint(updateSpecialPujaEndpoint, {
    params: { pivotId },
    body: { ...specialPujaFields(puja), version },
  });
}

export function useUpdateSpecialPuja() {
  return useMonasteryPujasMutation(updateSpecialPuja);
}
