import {
  type addMonasteryPujaRequestSchema,
  type MonasteryPujasResponse,
  monasteryPujasResponseSchema,
} from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/** A catalogue puja and its price, as the form checked them with the contract's schema. */
export type MonasteryPujaPrice = ReturnType<typeof addMonasteryPujaRequestSchema.parse>;

/** `POST /api/monastery-puja`: offers a catalogue puja at this monastery's price. */
export function addMonasteryPuja(input: MonasteryPujaPrice): Promise<MonasteryPujasResponse> {
  return apiRequest('/api/monastery-puja', {
    method: 'POST',
    body: { puja: input.puja, cost: input.cost },
    schema: monasteryPujasResponseSchema,
  });
}

export function useAddMonasteryPuja() {
  return useMonasteryPujasMutation(addMonasteryPuja);
}
