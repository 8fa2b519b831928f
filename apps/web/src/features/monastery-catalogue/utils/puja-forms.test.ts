import { addMonasteryPujaRequestSchema, specialPujaFieldsSchema } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form.ts';
import {
  EMPTY_SPECIAL_PUJA,
  type PriceValues,
  priceChecks,
  priceOf,
  type SpecialPujaValues,
  specialPujaChecks,
  specialPujaOf,
} from './puja-forms.ts';

const imageMessages = { required: 'Image is required.', wrongType: 'Wrong type.', tooLarge: 'Too large.' };
const picture = new File(['x'], 'lamp.png', { type: 'image/png' });

const checkPrice = (values: PriceValues) => checkForm(addMonasteryPujaRequestSchema, values, priceChecks);
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
    expect(priceOf({ puja: '15', cost: 1500.5 })).toEqual({ puja: 15, cost: 1500.5 });
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
      plan_kinds: [],
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
