/**
 * Prices are in Nepalese rupees and paid in rupees; beside them a patron may see an approximate amount in
 * their own currency, from Nepal Rastra Bank's published rates (docs/decisions/020). The currencies and the
 * arithmetic, without schemas: the first page a visitor opens uses them, and zod stays out of its bundle
 * (docs/decisions/017). The rates' schemas and endpoint are in exchange-rates.ts.
 */

/** The currencies a patron may choose, in the order the menu lists them. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'INR',
  'CNY',
  'TWD',
  'HKD',
  'SGD',
  'MYR',
  'JPY',
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** What a person may choose to see beside prices: a currency, or `NPR` for rupees only. */
export const RUPEES_ONLY = 'NPR';
export const DISPLAY_CURRENCIES = [...CURRENCIES, RUPEES_ONLY] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** Rates published longer ago than this are not shown: no amount is better than a wrong one. */
export const RATES_MAX_AGE_DAYS = 7;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return value === RUPEES_ONLY || isCurrencyCode(value);
}

/**
 * The approximate amount in a currency for an amount in rupees, rounded as people say a converted price:
 * below 10 to a tenth (a whole unit for yen, which has no smaller coin in use), below 1,000 to a whole unit,
 * above to three significant figures (`≈ US$ 3,550`, not `US$ 3,546.81`).
 */
export function approximateAmount(rupees: number, rupeesPerUnit: number, currency: CurrencyCode): number {
  const amount = rupees / rupeesPerUnit;
  if (amount >= 1000) {
    const step = 10 ** (Math.floor(Math.log10(amount)) - 2);
    return Math.round(amount / step) * step;
  }
  if (amount >= 10 || currency === 'JPY') return Math.round(amount);
  return Math.round(amount * 10) / 10;
}

/** Euro countries, by ISO 3166 region code. */
const EURO_REGIONS = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const REGION_CURRENCIES: Record<string, CurrencyCode> = {
  US: 'USD',
  GB: 'GBP',
  AU: 'AUD',
  CA: 'CAD',
  IN: 'INR',
  CN: 'CNY',
  TW: 'TWD',
  HK: 'HKD',
  SG: 'SGD',
  MY: 'MYR',
  JP: 'JPY',
  ...Object.fromEntries(EURO_REGIONS.map((region) => [region, 'EUR' as const])),
};

/**
 * A first guess of a visitor's currency from a locale's region (`en-AU` → AUD), or undefined when the
 * locale names no region we have a currency for (then no amount is shown until they choose one). Nepal is
 * rupees only.
 */
export function guessCurrencyOfLocale(locale: string | undefined): DisplayCurrency | undefined {
  const region = locale?.match(/[-_]([A-Za-z]{2})(?:[-_]|$)/)?.[1]?.toUpperCase();
  if (!region) return undefined;
  if (region === 'NP') return RUPEES_ONLY;
  return REGION_CURRENCIES[region];
}

/**
 * Card payments (docs/decisions/052): how many of a currency's smallest unit Stripe counts in one unit. Yen
 * is one of Stripe's zero-decimal currencies (an amount of 500 is ¥500); every other currency here is
 * counted in hundredths.
 */
export function minorUnitsPerUnit(currency: CurrencyCode): number {
  return currency === 'JPY' ? 1 : 100;
}

/**
 * The step a card amount is rounded to, in the smallest unit: a cent for most, a whole yen, and a whole
 * New Taiwan dollar (Stripe counts TWD in hundredths, yet its cents are not in use and Stripe pays out
 * only whole dollars).
 */
function cardRoundingStep(currency: CurrencyCode): number {
  return currency === 'TWD' ? 100 : 1;
}

/** A stored Nepal Rastra Bank rate: paisa for `unit` units of the currency (JPY per 10, INR per 100). */
export interface CardRate {
  ratePaisa: number;
  rateUnit: number;
}

/**
 * What a patron pays by card for an amount in rupees: converted at the stored buying rate (what the bank
 * pays for the currency when it is brought to Nepal) and rounded **up** to the currency's step, so that
 * what arrives covers the price. Integer arithmetic throughout; amounts stay far below 2^53.
 */
export function cardAmountMinor(amountPaisa: number, currency: CurrencyCode, rate: CardRate): number {
  const step = cardRoundingStep(currency);
  const numerator = amountPaisa * rate.rateUnit * minorUnitsPerUnit(currency);
  const denominator = rate.ratePaisa * step;
  return Math.ceil(numerator / denominator) * step;
}

/** The rupee value, in paisa, of an amount in a currency's smallest unit at a fixed rate (half up). */
export function minorToPaisa(amountMinor: number, currency: CurrencyCode, rate: CardRate): number {
  return Math.round((amountMinor * rate.ratePaisa) / (rate.rateUnit * minorUnitsPerUnit(currency)));
}

/** An amount in a currency's smallest unit as a number of units (1999 cents → 19.99; ¥500 → 500). */
export function minorToUnits(amountMinor: number, currency: CurrencyCode): number {
  return amountMinor / minorUnitsPerUnit(currency);
}

/**
 * An amount of a currency in units as documents print it: its code and the digits Stripe counts
 * (`USD 18.80`, `JPY 2100`). The statements' PDF and CSV write card payments so (docs/decisions/057).
 */
export function formatCurrencyUnits(amount: number, currency: string): string {
  return `${currency} ${currencyUnitsDigits(amount, currency)}`;
}

/** The digits alone (`18.80`, `2100`), for a column whose heading names the currency. */
export function currencyUnitsDigits(amount: number, currency: string): string {
  return amount.toFixed(currency === 'JPY' ? 0 : 2);
}
