import { type MonasteryPujasResponse, updateMonasteryPujaCostEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import type { MonasteryPujaPrice } from './add-monastery-puja.ts';
import { pricingFields } from './special-puja-fields.ts';
import { useMonasteryPujasMutation } from './use-monastery-pujas-mutation.ts';

export interface NewPujaCost extends MonasteryPujaPrice {
  pivotId: number;
}

/** A new price for a catalogue puja the monastery offers (the puja itself cannot change). */
export function updateMonasteryPujaCost(price: NewPujaCost): Promise<MonasteryPujasResponse> {
  const { pivotId, puja, cost, plan_kinds, plan_pay_each } = price;
  return callEndpoint(updateMonasteryPujaCostEndpoint, {
    params: { pivotId },
    // The plans as one field, "" for none; left out (undefined), the offering keeps its plans.
    body: {
      puja,
      cost,
      ...pricingFields(price),
      plan_kinds: plan_kinds?.join(','),
      plan_pay_each: plan_pay_each === undefined ? undefined : String(plan_pay_each),
    },
  });
}

export function useUpdateMonasteryPujaCost() {
  return useMonasteryPujasMutation(updateMonasteryPujaCost);
}
