/**
 * Money is stored as integer paisa (1 rupee = 100 paisa) and travels as rupees (a JSON number),
 * as docs/api.md fixes. Conversions live here so rounding happens in one place.
 */
export function paisaToRupees(paisa: number): number {
  return paisa / 100;
}

export function rupeesToPaisa(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Whether rupees are a whole number of paisa (at most two decimals). Compared with a tolerance: in binary
 * floating point 4451.69 × 100 is 445168.99999999994, not 445169.
 */
export function isWholePaisa(rupees: number): boolean {
  return Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

/**
 * `Rs. 1,500` or `Rs. 1,500.50`: Nepali rupees with the locale's separators and digits (Indian English by
 * default, as receipts and SMS write them; `रु. १,५००` in Nepali).
 */
export function formatRupees(rupees: number, locale = 'en-IN'): string {
  const hasPaisa = !Number.isInteger(rupees);
  // Nepali: the language itself, or Devanagari digits in Indian grouping (`en-IN-u-nu-deva`).
  const symbol = /^ne\b|-nu-deva\b/i.test(locale) ? 'रु.' : 'Rs.';
  return `${symbol} ${rupees.toLocaleString(locale, {
    minimumFractionDigits: hasPaisa ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}
