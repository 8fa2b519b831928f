import NepaliDate from 'nepali-date-converter';

/**
 * A Gregorian calendar day (`YYYY-MM-DD`) in Bikram Sambat, Nepal's own calendar, as Nepali readers write
 * it: `२०८३ मंसिर ११` for 2026-11-27 (docs/decisions/030). The months of Bikram Sambat are not a rule but a
 * table Nepal publishes, which `nepali-date-converter` carries for 2000–2090 BS (1943–2034 AD); outside
 * those years there is no date to give, and undefined is answered rather than a guess.
 *
 * Imported only where a puja's day is shown to a patron, so its table stays out of the public pages' code.
 */
export function bikramSambatDay(isoDay: string): string | undefined {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  try {
    // A local date of those fields: the converter reads a Date's local year, month and day.
    return NepaliDate.fromAD(new Date(year, month - 1, day)).format('YYYY MMMM D', 'np');
  } catch {
    return undefined;
  }
}
