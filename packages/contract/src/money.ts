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

/** `Rs. 1,500` or `Rs. 1,500.50`: Nepali rupees with thousands separators. */
export function formatRupees(rupees: number): string {
  const hasPaisa = !Number.isInteger(rupees);
  return `Rs. ${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: hasPaisa ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}
