import type { OfferingPricingFields, PlanKind } from '@puja/contract';
import type { CatalogueTranslationValues } from '../../../lib/catalogue-translation-values.ts';

/** A special puja as its form checked it; `image` only when one was chosen (kept on edit otherwise). */
export interface SpecialPuja extends CatalogueTranslationValues, OfferingPricingFields {
  name: string;
  description: string;
  status: 0 | 1;
  cost: number;
  /** The dedication plans it is offered as (docs/decisions/056). */
  plan_kinds: PlanKind[];
  /** Whether its plans may be paid each (docs/decisions/058). */
  plan_pay_each: boolean;
  image?: File | undefined;
}

/** The multipart fields of a special puja (docs/api.md "Monastery catalogue"), for its endpoints' body. */
export function specialPujaFields(puja: SpecialPuja) {
  return {
    name: puja.name,
    description: puja.description,
    name_ne: puja.name_ne,
    name_zh_hant: puja.name_zh_hant,
    description_ne: puja.description_ne,
    description_zh_hant: puja.description_zh_hant,
    status: puja.status,
    cost: puja.cost,
    ...pricingFields(puja),
    // One field, "" for none: an empty list would send nothing, and keep the plans it had.
    plan_kinds: puja.plan_kinds.join(','),
    plan_pay_each: String(puja.plan_pay_each),
    image: puja.image,
  };
}

/**
 * An offering's pricing as fields (docs/decisions/054): the kind always (left out, a save keeps the old
 * one), the unit and its quantities only when set; the quantities as "21,108,1000", one field.
 */
export function pricingFields(puja: OfferingPricingFields) {
  return {
    pricing: puja.pricing,
    unit_en: puja.unit_en,
    unit_ne: puja.unit_ne,
    unit_zh_hant: puja.unit_zh_hant,
    quantities: puja.quantities?.join(','),
    min_quantity: puja.min_quantity,
    max_quantity: puja.max_quantity,
    // "1,7,14", "" for the 7th … 49th; left out (undefined), the offering keeps its own.
    plan_schedule: puja.plan_schedule === undefined ? undefined : (puja.plan_schedule?.join(',') ?? ''),
  };
}
