import { addMonasteryPujaRequestSchema, specialPujaFieldsSchema } from '@puja/contract';
import type { MonasteryPujaPrice } from '../api/add-monastery-puja.ts';
import type { SpecialPuja } from '../api/special-puja-fields.ts';
import { fieldErrorsOfIssues } from './failures.ts';
import { problemOfPhoto } from './photo-rules.ts';

/**
 * The rules of the puja forms (SPEC §5): a puja and a numeric cost to add one; name, image, description,
 * status and cost for a special puja. The field rules are the contract's schemas, the ones the server
 * validates with; the picture is checked by type and size before it is uploaded.
 */

/** A number input gives '' when empty: then the cost is missing, not zero. */
export type CostValue = number | string;

export const PRICE_FIELDS = ['puja', 'cost'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type PriceErrors = Partial<Record<PriceField, string>>;

export type PriceCheck = { ok: true; price: MonasteryPujaPrice } | { ok: false; errors: PriceErrors };

export function checkPrice(puja: number | string | null, cost: CostValue): PriceCheck {
  const parsed = addMonasteryPujaRequestSchema.safeParse({
    puja: puja ?? undefined,
    cost: cost === '' ? undefined : cost,
  });
  if (parsed.success) return { ok: true, price: parsed.data };
  return { ok: false, errors: fieldErrorsOfIssues(parsed.error.issues, PRICE_FIELDS) };
}

export interface SpecialPujaValues {
  name: string;
  description: string;
  status: '0' | '1';
  cost: CostValue;
  image: File | null;
}

export const EMPTY_SPECIAL_PUJA: SpecialPujaValues = Object.freeze({
  name: '',
  description: '',
  // SPEC §4: open by default.
  status: '1',
  cost: '',
  image: null,
});

export const SPECIAL_PUJA_FIELDS = ['name', 'description', 'status', 'cost', 'image'] as const;
export type SpecialPujaField = (typeof SPECIAL_PUJA_FIELDS)[number];
export type SpecialPujaErrors = Partial<Record<SpecialPujaField, string>>;

export interface ImageMessages {
  required: string;
  wrongType: string;
  tooLarge: string;
}

export type SpecialPujaCheck = { ok: true; puja: SpecialPuja } | { ok: false; errors: SpecialPujaErrors };

/** A picture is required when creating; on edit the current one is kept unless a new one is chosen. */
export function checkSpecialPuja(
  values: SpecialPujaValues,
  imageRequired: boolean,
  imageMessages: ImageMessages,
): SpecialPujaCheck {
  const parsed = specialPujaFieldsSchema.safeParse({
    name: values.name,
    description: values.description,
    status: values.status,
    cost: values.cost === '' ? undefined : values.cost,
  });
  const errors = parsed.success ? {} : fieldErrorsOfIssues(parsed.error.issues, SPECIAL_PUJA_FIELDS);
  const imageProblem = values.image ? problemOfPhoto(values.image) : imageRequired ? 'required' : null;
  if (imageProblem === 'required') errors.image = imageMessages.required;
  else if (imageProblem === 'wrongType') errors.image = imageMessages.wrongType;
  else if (imageProblem === 'tooLarge') errors.image = imageMessages.tooLarge;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    puja: {
      name: parsed.data.name,
      description: parsed.data.description,
      status: parsed.data.status,
      cost: parsed.data.cost,
      image: values.image ?? undefined,
    },
  };
}
