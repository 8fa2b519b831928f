import type { FormErrors } from '@mantine/form';
import {
  addMonasteryPujaRequestSchema,
  type OfferingPricing,
  type OfferingPricingFields,
  type OfferingPricingKind,
  type PlanKind,
  specialPujaFieldsSchema,
} from '@puja/contract';
import type { ReactNode } from 'react';
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

/**
 * How an offering is priced, as its form holds it (docs/decisions/054): one price, a price per unit with
 * the unit's three names and either a list of quantities or a least and a most, or pay what you can.
 */
export type PricingValues = {
  pricing: OfferingPricingKind;
  unit_en: string;
  unit_ne: string;
  unit_zh_hant: string;
  /** Per unit: the patron picks among listed quantities, or any from a least to a most. */
  quantity_mode: 'choices' | 'range';
  /** "21, 108, 1000", as typed; the contract reads it. */
  quantities: string;
  min_quantity: CostValue;
  max_quantity: CostValue;
};

export const EMPTY_PRICING: PricingValues = Object.freeze({
  pricing: 'fixed',
  unit_en: '',
  unit_ne: '',
  unit_zh_hant: '',
  quantity_mode: 'choices',
  quantities: '',
  min_quantity: '',
  max_quantity: '',
});

/** An offering's stored pricing in its form; one price when the server said none. */
export function pricingValuesOf(pricing: OfferingPricing | undefined): PricingValues {
  if (!pricing || pricing.kind === 'fixed') return EMPTY_PRICING;
  if (pricing.kind === 'pay_what_you_can') return { ...EMPTY_PRICING, pricing: 'pay_what_you_can' };
  return {
    pricing: 'per_unit',
    unit_en: pricing.unit?.en ?? '',
    unit_ne: pricing.unit?.ne ?? '',
    unit_zh_hant: pricing.unit?.['zh-Hant'] ?? '',
    quantity_mode: pricing.quantities ? 'choices' : 'range',
    quantities: pricing.quantities?.join(', ') ?? '',
    min_quantity: pricing.min_quantity ?? '',
    max_quantity: pricing.max_quantity ?? '',
  };
}

/**
 * The pricing fields as the contract reads them. Always sent (a save without them would keep the old
 * pricing); the unit and quantities only for a per-unit offering, and only the way of choosing in view.
 */
function pricingRequestOf(values: PricingValues) {
  if (values.pricing !== 'per_unit') return { pricing: values.pricing };
  return {
    pricing: values.pricing,
    unit_en: values.unit_en,
    unit_ne: values.unit_ne,
    unit_zh_hant: values.unit_zh_hant,
    ...(values.quantity_mode === 'choices'
      ? { quantities: values.quantities }
      : { min_quantity: costOf(values.min_quantity), max_quantity: costOf(values.max_quantity) }),
  };
}

/** A catalogue puja (the select's id, or the one being priced) and its cost. */
export type PriceValues<Puja extends string | number | null = string | null> = PricingValues & {
  puja: Puja;
  cost: CostValue;
  /** The dedication plans it is offered as (docs/decisions/056); left out, a save keeps them. */
  plan_kinds?: PlanKind[];
  /** The monastery's own 49 days ("1, 7, 14"; "" the 7th … 49th: docs/decisions/059); left out, kept. */
  plan_schedule?: string;
  /** Whether its plans may be paid each (docs/decisions/058); left out, a save keeps it. */
  plan_pay_each?: boolean;
};

export const EMPTY_PRICE: PriceValues = Object.freeze({ ...EMPTY_PRICING, puja: null, cost: '' });

function priceRequestOf(values: PriceValues<string | number | null>) {
  const { puja, cost, plan_kinds, plan_schedule, plan_pay_each } = values;
  return {
    puja: puja ?? undefined,
    cost: costOf(cost),
    ...pricingRequestOf(values),
    // As a form sends it: one field, "" for none (an empty list would send nothing, and keep them).
    plan_kinds: plan_kinds?.join(','),
    plan_schedule,
    plan_pay_each: plan_pay_each === undefined ? undefined : String(plan_pay_each),
  };
}

/**
 * The message on one of the quantities ("quantities.1": "many" is no number) on the one field they are
 * typed in. The server's messages on them take the same way (`quantityErrorOf`).
 */
function withQuantityErrors(errors: FormErrors): FormErrors {
  const quantities = quantityErrorOf(errors);
  const folded = Object.fromEntries(
    Object.entries(errors).filter(([field]) => !field.startsWith('quantities.')),
  );
  return quantities ? { ...folded, quantities } : folded;
}

/** The message on the quantities or on one of them. */
export function quantityErrorOf(errors: FormErrors): ReactNode {
  return errors.quantities ?? Object.entries(errors).find(([field]) => field.startsWith('quantities.'))?.[1];
}

/** The price form's values as the contract's `addMonasteryPujaRequestSchema` checks them. */
export const priceChecks: FormChecks<PriceValues<string | number | null>> = {
  request: priceRequestOf,
  refine: (_values, errors) => withQuantityErrors(errors),
};

/** The price of values the form has checked: what is sent. */
export function priceOf(values: PriceValues<string | number | null>): MonasteryPujaPrice {
  return addMonasteryPujaRequestSchema.parse(priceRequestOf(values));
}

export type SpecialPujaValues = CatalogueTranslationValues &
  PricingValues & {
    name: string;
    description: string;
    status: '0' | '1';
    cost: CostValue;
    plan_kinds: PlanKind[];
    plan_schedule: string;
    /** Whether its plans may be paid each (docs/decisions/058). */
    plan_pay_each: boolean;
    image: File | null;
  };

export const EMPTY_SPECIAL_PUJA: SpecialPujaValues = Object.freeze({
  ...EMPTY_TRANSLATIONS,
  ...EMPTY_PRICING,
  name: '',
  description: '',
  // docs/product.md#catalogue-status-and-removal: open by default.
  status: '1',
  cost: '',
  // One puja at a time until the monastery offers it as plans (docs/decisions/056).
  plan_kinds: [],
  plan_schedule: '',
  plan_pay_each: false,
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
    ...pricingRequestOf(values),
    plan_kinds: values.plan_kinds.join(','),
    plan_schedule: values.plan_schedule,
    plan_pay_each: String(values.plan_pay_each),
  };
}

/** A picture is required when creating; on edit the current one is kept unless a new one is chosen. */
export function specialPujaChecks(
  imageRequired: boolean,
  imageMessages: ImageMessages,
): FormChecks<SpecialPujaValues> {
  return {
    request: specialPujaRequestOf,
    refine: (values, folded) => {
      const errors = withQuantityErrors(folded);
      const problem = values.image ? problemOfPhoto(values.image) : imageRequired ? 'required' : null;
      return problem === 'required' || problem === 'wrongType' || problem === 'tooLarge'
        ? { ...errors, image: imageMessages[problem] }
        : errors;
    },
  };
}

/** The special puja of values the form has checked: what is sent. */
export function specialPujaOf(values: SpecialPujaValues): SpecialPuja {
  const { name, description, status, cost, plan_kinds, plan_pay_each, ...pricing } =
    specialPujaFieldsSchema.parse(specialPujaRequestOf(values));
  return {
    name,
    description,
    ...translationFieldsOf(values),
    status,
    cost,
    ...offeringPricingOf(pricing),
    plan_kinds: plan_kinds ?? [],
    plan_pay_each: plan_pay_each ?? false,
    image: values.image ?? undefined,
  };
}

/** The pricing fields of a checked form, as both kinds of offering send them. */
export function offeringPricingOf(fields: OfferingPricingFields): OfferingPricingFields {
  const { pricing, unit_en, unit_ne, unit_zh_hant, quantities, min_quantity, max_quantity, plan_schedule } =
    fields;
  return { pricing, unit_en, unit_ne, unit_zh_hant, quantities, min_quantity, max_quantity, plan_schedule };
}

/** An offering's own 49 days as its form's field shows them: "1, 7, 14", "" for the 7th … 49th. */
export function scheduleText(schedule: readonly number[] | null | undefined): string {
  return schedule?.join(', ') ?? '';
}
