import { describe, expect, it } from 'vitest';
import { approximateAmount, guessCurrencyOfLocale } from './currencies.ts';

describe('approximateAmount', () => {
  it('rounds as people say a converted price', () => {
    // Rs. 5,000 at Rs. 91.80 for one Australian dollar is A$ 54.47: about A$ 54.
    expect(approximateAmount(5000, 91.8, 'AUD')).toBe(54);
    // Rs. 500,000 at Rs. 141.40 for one dollar is US$ 3,536.07: three significant figures.
    expect(approximateAmount(500_000, 141.4, 'USD')).toBe(3540);
    // Rs. 500 is US$ 3.54: a tenth.
    expect(approximateAmount(500, 141.4, 'USD')).toBe(3.5);
    // Rs. 5,000 at Rs. 0.912 for one yen is ¥5,482: ¥5,480; Rs. 5 is ¥5, never ¥5.5.
    expect(approximateAmount(5000, 0.912, 'JPY')).toBe(5480);
    expect(approximateAmount(5, 0.912, 'JPY')).toBe(5);
    // Rs. 5,000 at Rs. 1.6008 for one Indian rupee is ₹3,123.44: ₹3,120.
    expect(approximateAmount(5000, 1.6008, 'INR')).toBe(3120);
  });

  it('keeps a free puja at zero', () => {
    expect(approximateAmount(0, 141.4, 'USD')).toBe(0);
  });
});

describe('guessCurrencyOfLocale', () => {
  it('guesses from the locale’s region', () => {
    expect(guessCurrencyOfLocale('en-AU')).toBe('AUD');
    expect(guessCurrencyOfLocale('en-US')).toBe('USD');
    expect(guessCurrencyOfLocale('de-DE')).toBe('EUR');
    expect(guessCurrencyOfLocale('zh-Hant-TW')).toBe('TWD');
    expect(guessCurrencyOfLocale('zh-TW')).toBe('TWD');
    expect(guessCurrencyOfLocale('ne-NP')).toBe('NPR');
  });

  it('guesses nothing without a region, or for a region without one of our currencies', () => {
    expect(guessCurrencyOfLocale('en')).toBeUndefined();
    expect(guessCurrencyOfLocale('pt-BR')).toBeUndefined();
    expect(guessCurrencyOfLocale(undefined)).toBeUndefined();
  });
});
