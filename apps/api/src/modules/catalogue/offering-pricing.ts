import {
  FIXED_PRICING,
  type OfferingPricing,
  type OfferingPricingFields,
  PAY_WHAT_YOU_CAN_MAX,
  pricingFromFields,
} from '@puja/contract';
import { monasteryPujas } from '../../db/schema/index.ts';

/**
 * An offering's pricing (docs/decisions/054) between its columns and the contract's shape: read by the
 * catalogue, the staff's offerings and the order form alike, so all three say the same.
 */
export const offeringPricingColumns = {
  kind: monasteryPujas.pricing,
  unitNames: monasteryPujas.unitNames,
  quantities: monasteryPujas.quantities,
  minQuantity: monasteryPujas.minQuantity,
  maxQuantity: monasteryPujas.maxQuantity,
};
export interface OfferingPricingRow {
  kind: OfferingPricing['kind'];
  unitNames: OfferingPricing['unit'];
  quantities: number[] | null;
  minQuantity: number | null;
  maxQuantity: number | null;
}

export function toOfferingPricing(row: OfferingPricingRow): OfferingPricing {
  if (row.kind === 'pay_what_you_can')
    return { ...FIXED_PRICING, kind: 'pay_what_you_can', max_amount: PAY_WHAT_YOU_CAN_MAX };
  if (row.kind === 'fixed') return FIXED_PRICING;
  return {
    kind: 'per_unit',
    unit: row.unitNames,
    quantities: row.quantities,
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    max_amount: null,
  };
}

/** An offering form's pricing as the columns store it. */
export function pricingColumnsOf(fields: OfferingPricingFields) {
  const pricing = pricingFromFields(fields);
  return {
    pricing: pricing.kind,
    unitNames: pricing.unit,
    quantities: pricing.quantities,
    minQuantity: pricing.min_quantity,
    maxQuantity: pricing.max_quantity,
  };
}
