import {
  addMonasteryPujaEndpoint,
  type addMonasteryPujaRequestSchema,
  type MonasteryPujasResponse,
} from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { pricingFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

/** A catalogue puja and its price, as the form checked them with the contract's schema. */
export type MonasteryPujaPrice = ReturnType<typeof addMonasteryPujaRequestSchema.parse>;

/** Offers a catalogue puja at this monastery's price. */
export function addMonasteryPuja(price: MonasteryPujaPrice): Promise<MonasteryPujasResponse> {
  return callEndpoint(addMonasteryPujaEndpoint, {
    body: { puja: price.puja, cost: price.cost, ...pricingFields(price) },
  });
}

export function useAddMonasteryPuja() {
  return useMonasteryPujasMutation(addMonasteryPuja);
}
