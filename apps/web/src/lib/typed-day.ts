import { isCalendarDate } from '@puja/contract';

/** How a day field shows the chosen day (dayjs format): `December 1, 2026`. */
export const DAY_INPUT_FORMAT = 'MMMM D, YYYY';

// The app speaks English only (locales/en), and so do the field's month names.
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function dayOf(year: string, month: number, day: string): string | null {
  const isoDay = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(isoDay) ? isoDay : null;
}

function monthNumber(name: string): number {
  return name.length >= 3 ? MONTHS.findIndex((month) => month.startsWith(name)) + 1 : 0;
}

/**
 * The day typed into a day field, as YYYY-MM-DD, or null: `2026-12-01` (also with / or .), the field's
 * own `December 1, 2026`, and `1 December 2026`, month names shortened to three letters or more. Numbers
 * alone in another order (1/12/2026) are refused: they read as different days in Nepal and in the US.
 */
export function parseTypedDay(text: string): string | null {
  const typed = text
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();
  const numeric = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed);
  if (numeric) return dayOf(numeric[1]!, Number(numeric[2]), numeric[3]!);
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/.exec(typed);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month ? dayOf(monthFirst[3]!, month, monthFirst[2]!) : null;
  }
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.? (\d{4})$/.exec(typed);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2]!);
    return month ? dayOf(dayFirst[3]!, month, dayFirst[1]!) : null;
  }
  return null;
}
