import { addMonasteryPujaRequestSchema, type PlanKind, specialPujaFieldsSchema } from '@puja/contract';
import {
  type CatalogueTranslationValues,
  EMPTY_TRANSLATIONS,
  translationFieldsOf,
} from '../../../lib/catalogue-translation-values.ts';
import type { FormChecks } from '../../../lib/contract-form.ts';
import { problemOfPhoto } from '../../../lib/photo-rules.ts';
import type { MonasteryPujaPrice } from '../api/add-monastery-puja.ts';
import type { SpecialPuja } from '../api/special-puja-fields.ts';

/**
 * The rules of the puja forms (docs/product.md#form-rules): a puja and a numeric cost to add one; name, image, description,
 * status and cost for a special puja. The field rules are the contract's schemas, the ones the server
 * validates with; the picture is checked by type and size before it is uploaded.
 */

/** A number input gives '' when empty: then the cost is missing, not zero. */
export type CostValue = number | string;

const costOf = (cost: CostValue) => (cost === '' ? undefined : cost);

/** A catalogue puja (the select's id, or the one being priced) and its cost. */
export type PriceValues<Puja extends string | number | null = string | null> = {
  puja: Puja;
  cost: CostValue;
  /** The dedication plans it is offered as (docs/decisions/056); left out, a save keeps them. */
  plan_kinds?: PlanKind[];
};

export const EMPTY_PRICE: PriceValues = Object.freeze({ puja: null, cost: '' });

function priceRequestOf({ puja, cost, plan_kinds }: PriceValues<string | number | null>) {
  // As a form sends it: one field, "" for none (an empty list would send nothing, and keep them).
  return { puja: puja ?? undefined, cost: costOf(cost), plan_kinds: plan_kinds?.join(',') };
}

/** The price form's values as the contract's `addMonasteryPujaRequestSchema` checks them. */
export const priceChecks: FormChecks<PriceValues<string | number | null>> = { request: priceRequestOf };

/** The price of values the form has checked: what is sent. */
export function priceOf(values: PriceValues<string | number | null>): MonasteryPujaPrice {
  return addMonasteryPujaRequestSchema.parse(priceRequestOf(values));
}

export type SpecialPujaValues = CatalogueTranslationValues & {
  name: string;
  description: string;
  status: '0' | '1';
  cost: CostValue;
  plan_kinds: PlanKind[];
  image: File | null;
};

export const EMPTY_SPECIAL_PUJA: SpecialPujaValues = Object.freeze({
  ...EMPTY_TRANSLATIONS,
  name: '',
  description: '',
  // docs/product.md#catalogue-status-and-removal: open by default.
  status: '1',
  cost: '',
  // One puja at a time until the monastery offers it as plans (docs/decisions/056).
  plan_kinds: [],
  image: null,
});

export interface ImageMessages {
  required: string;
  wrongType: string;
  tooLarge: string;
}

/** The fields the schema checks; the picture is the form's own check. */
function specialPujaRequestOf(values: SpecialPujaValues) {
  return {
    name: values.name,
    description: values.description,
    ...translationFieldsOf(values),
    status: values.status,
    cost: costOf(values.cost),
    plan_kinds: values.plan_kinds.join(','),
  };
}

/** A picture is required when creating; on edit the current one is kept unless a new one is chosen. */
export function specialPujaChecks(
  imageRequired: boolean,
  imageMessages: ImageMessages,
): FormChecks<SpecialPujaValues> {
  return {
    request: specialPujaRequestOf,
    refine: (values, errors) => {
      const problem = values.image ? problemOfPhoto(values.image) : imageRequired ? 'required' : null;
      return problem === 'required' || problem === 'wrongType' || problem === 'tooLarge'
        ? { ...errors, image: imageMessages[problem] }
        : errors;
    },
  };
}

/** The special puja of values the form has checked: what is sent. */
export function specialPujaOf(values: SpecialPujaValues): SpecialPuja {
  const { name, description, status, cost, plan_kinds } = specialPujaFieldsSchema.parse(
    specialPujaRequestOf(values),
  );
  return {
    name,
    description,
    ...translationFieldsOf(values),
    status,
    cost,
    plan_kinds: plan_kinds ?? [],
    image: values.image ?? undefined,
  };
}
