import { type MonasteryPujasResponse, monasteryPujasResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import type { MonasteryPujaPrice } from './add-monastery-puja.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

export interface NewPujaCost extends MonasteryPujaPrice {
  pivotId: number;
}

/** `POST /api/monastery-puja/{pivotId}` with the patch override: a new price for a catalogue puja. */
export function updateMonasteryPujaCost(input: NewPujaCost): Promise<MonasteryPujasResponse> {
  return apiRequest(`/api/monastery-puja/${input.pivotId}`, {
    method: 'POST',
    body: { _method: 'patch', puja: input.puja, cost: input.cost },
    schema: monasteryPujasResponseSchema,
  });
}

export function useUpdateMonasteryPujaCost() {
  return useMonasteryPujasMutation(updateMonasteryPujaCost);
}
