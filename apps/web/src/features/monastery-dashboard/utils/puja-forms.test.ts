import { describe, expect, it } from 'vitest';
import { checkPrice, checkSpecialPuja, EMPTY_SPECIAL_PUJA } from './puja-forms.ts';

const imageMessages = { required: 'Image is required.', wrongType: 'Wrong type.', tooLarge: 'Too large.' };
const picture = new File(['x'], 'lamp.png', { type: 'image/png' });

describe('the price check', () => {
  it('needs a puja and a numeric cost of at least Rs. 10 with at most two decimals', () => {
    expect(checkPrice(null, '')).toEqual({
      ok: false,
      errors: { puja: 'Choose a puja.', cost: 'Cost is required and must be a number.' },
    });
    expect(checkPrice('15', 9.99)).toEqual({ ok: false, errors: { cost: 'Cost must be at least Rs. 10.' } });
    expect(checkPrice('15', 10.005)).toMatchObject({ ok: false });
    expect(checkPrice('15', 1500.5)).toEqual({ ok: true, price: { puja: 15, cost: 1500.5 } });
  });
});

describe('the special puja check', () => {
  it('requires every field, and a picture when creating', () => {
    const check = checkSpecialPuja(EMPTY_SPECIAL_PUJA, true, imageMessages);
    expect(check).toEqual({
      ok: false,
      errors: {
        name: 'Name is required.',
        description: 'Description is required.',
        cost: 'Cost is required and must be a number.',
        image: 'Image is required.',
      },
    });
  });

  it('keeps the current picture on edit when none is chosen', () => {
    const values = { ...EMPTY_SPECIAL_PUJA, name: ' Tsok ', description: 'Feast.', cost: 1800 };
    expect(checkSpecialPuja(values, false, imageMessages)).toEqual({
      ok: true,
      puja: { name: 'Tsok', description: 'Feast.', status: 1, cost: 1800, image: undefined },
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
    expect(checkSpecialPuja(values, true, imageMessages)).toEqual({
      ok: false,
      errors: { image: 'Wrong type.' },
    });
    expect(checkSpecialPuja({ ...values, image: picture }, true, imageMessages)).toMatchObject({ ok: true });
  });
});
