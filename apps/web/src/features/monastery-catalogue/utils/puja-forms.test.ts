import { addMonasteryPujaRequestSchema, FIXED_PRICING, specialPujaFieldsSchema } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form.ts';
import {
  EMPTY_PRICE,
  EMPTY_SPECIAL_PUJA,
  type PriceValues,
  priceChecks,
  priceOf,
  pricingValuesOf,
  type SpecialPujaValues,
  specialPujaChecks,
  specialPujaOf,
} from './puja-forms.ts';

const imageMessages = { required: 'Image is required.', wrongType: 'Wrong type.', tooLarge: 'Too large.' };
const picture = new File(['x'], 'lamp.png', { type: 'image/png' });

const price = (values: Partial<PriceValues>): PriceValues => ({ ...EMPTY_PRICE, ...values });
const checkPrice = (values: Partial<PriceValues>) =>
  checkForm(addMonasteryPujaRequestSchema, price(values), priceChecks);
const checkSpecialPuja = (values: SpecialPujaValues, imageRequired: boolean) =>
  checkForm(specialPujaFieldsSchema, values, specialPujaChecks(imageRequired, imageMessages));

describe('the price check', () => {
  it('needs a puja and a numeric cost of at least Rs. 10 with at most two decimals', () => {
    expect(checkPrice({ puja: null, cost: '' })).toEqual({
      puja: 'Choose a puja.',
      cost: 'Cost is required and must be a number.',
    });
    expect(checkPrice({ puja: '15', cost: 9.99 })).toEqual({ cost: 'Cost must be at least Rs. 10.' });
    // Below the minimum and with too many decimals: the first problem is the one said.
    expect(checkPrice({ puja: '15', cost: 5.555 })).toEqual({ cost: 'Cost must be at least Rs. 10.' });
    expect(checkPrice({ puja: '15', cost: 10.005 })).toEqual({
      cost: 'Cost can have at most two decimals (paisa).',
    });
    expect(checkPrice({ puja: '15', cost: 1500.5 })).toEqual({});
    expect(priceOf(price({ puja: '15', cost: 1500.5 }))).toEqual({
      puja: 15,
      cost: 1500.5,
      pricing: 'fixed',
    });
  });
});

describe('the pricing check', () => {
  const lamps = price({
    puja: '15',
    cost: 10,
    pricing: 'per_unit',
    unit_en: 'butter lamp',
    unit_ne: 'बत्ती',
    unit_zh_hant: '酥油燈',
    quantities: '21, 108 1000',
  });

  it('sends a per-unit price with its three names and the quantities listed', () => {
    expect(checkPrice(lamps)).toEqual({});
    expect(priceOf(lamps)).toEqual({
      puja: 15,
      cost: 10,
      pricing: 'per_unit',
      unit_en: 'butter lamp',
      unit_ne: 'बत्ती',
      unit_zh_hant: '酥油燈',
      quantities: [21, 108, 1000],
    });
  });

  it('sends only the way of choosing in view: the least and the most, not the list typed before', () => {
    const meals = { ...lamps, quantity_mode: 'range' as const, min_quantity: 1, max_quantity: 500 };
    expect(priceOf(meals)).toEqual(expect.objectContaining({ min_quantity: 1, max_quantity: 500 }));
    expect(priceOf(meals)).not.toHaveProperty('quantities');
    expect(checkPrice({ ...meals, max_quantity: '' })).toEqual({
      quantities: 'List the quantities offered, or give the least and the most.',
    });
    expect(checkPrice({ ...meals, min_quantity: 600 })).toEqual({
      max_quantity: 'The most cannot be less than the least.',
    });
  });

  it('needs the unit named in each language and quantities that are whole numbers', () => {
    // The message on one of the list's items shows on the list's one field.
    expect(checkPrice({ ...lamps, quantities: '21, many' })).toEqual({
      quantities: 'List up to 12 quantities, such as 21, 108, 1000.',
    });
    expect(checkPrice({ ...lamps, unit_ne: '', unit_zh_hant: ' ' })).toEqual({
      unit_ne: 'Name the unit in each language, such as “butter lamp”.',
      unit_zh_hant: 'Name the unit in each language, such as “butter lamp”.',
    });
  });

  it('keeps nothing of a unit once the offering is at one price or pay what you can', () => {
    expect(priceOf({ ...lamps, pricing: 'pay_what_you_can' })).toEqual({
      puja: 15,
      cost: 10,
      pricing: 'pay_what_you_can',
    });
  });

  it('fills the form from the stored pricing', () => {
    expect(pricingValuesOf(undefined)).toEqual(pricingValuesOf({ ...FIXED_PRICING }));
    expect(
      pricingValuesOf({
        ...FIXED_PRICING,
        kind: 'per_unit',
        unit: { en: 'meal', ne: 'भोजन', 'zh-Hant': '齋飯' },
        min_quantity: 1,
        max_quantity: 500,
      }),
    ).toEqual({
      pricing: 'per_unit',
      unit_en: 'meal',
      unit_ne: 'भोजन',
      unit_zh_hant: '齋飯',
      quantity_mode: 'range',
      quantities: '',
      min_quantity: 1,
      max_quantity: 500,
    });
  });
});

describe('the special puja check', () => {
  it('requires every field, and a picture when creating', () => {
    expect(checkSpecialPuja(EMPTY_SPECIAL_PUJA, true)).toEqual({
      name: 'Name is required.',
      description: 'Description is required.',
      cost: 'Cost is required and must be a number.',
      image: 'Image is required.',
    });
  });

  it('keeps the current picture on edit when none is chosen', () => {
    const values = { ...EMPTY_SPECIAL_PUJA, name: ' Tsok ', description: 'Feast.', cost: 1800 };
    expect(checkSpecialPuja(values, false)).toEqual({});
    expect(specialPujaOf(values)).toEqual({
      name: 'Tsok',
      description: 'Feast.',
      name_ne: '',
      name_zh_hant: '',
      description_ne: '',
      description_zh_hant: '',
      status: 1,
      cost: 1800,
      pricing: 'fixed',
      unit_en: undefined,
      unit_ne: undefined,
      unit_zh_hant: undefined,
      quantities: undefined,
      min_quantity: undefined,
      max_quantity: undefined,
      // An empty line: the 7th … 49th (docs/decisions/059).
      plan_schedule: null,
      plan_kinds: [],
      plan_pay_each: false,
      image: undefined,
    });
  });

  it('refuses a picture of the wrong type before it is uploaded', () => {
    const values = {
      ...EMPTY_SPECIAL_PUJA,
      name: 'Tsok',
      description: 'Feast.',
      cost: 1800,
      image: new File(['<svg/>'], 'lamp.svg', { type: 'image/svg+xml' }),
    };
    expect(checkSpecialPuja(values, true)).toEqual({ image: 'Wrong type.' });
    expect(checkSpecialPuja({ ...values, image: picture }, true)).toEqual({});
    expect(specialPujaOf({ ...values, image: picture }).image).toBe(picture);
  });
});
