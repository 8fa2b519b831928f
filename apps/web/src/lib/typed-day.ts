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

/** Which comes first when a day is typed in numbers with the year last: 28/11/2026 or 11/28/2026. */
export type DayOrder = 'day-first' | 'month-first';

/**
 * The language the browser asks pages in, which decides how 03/04/2026 reads. Undefined (the runtime's
 * own) where there is no browser.
 */
export function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

// A day whose day (28) cannot be a month, to see where each part goes in a language's numeric dates.
const SAMPLE_DAY = new Date(Date.UTC(2026, 10, 28, 12));

function numericDateFormat(locale: string | undefined): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      timeZone: 'UTC',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
  } catch {
    // Not a language tag at all (`en_US`).
    return null;
  }
}

type DatePart = 'day' | 'month' | 'year';

/** The parts of the language's own numeric date in order, with what it writes between them. */
function numericDateParts(locale: string | undefined): { type: DatePart | 'literal'; value: string }[] {
  const format = numericDateFormat(locale) ?? numericDateFormat(undefined);
  const parts = format?.formatToParts(SAMPLE_DAY) ?? [];
  return parts.flatMap((part) =>
    part.type === 'day' || part.type === 'month' || part.type === 'year' || part.type === 'literal'
      ? [{ type: part.type, value: part.value }]
      : [],
  );
}

const dayOrders = new Map<string, DayOrder>();

/**
 * How `locale` reads a numeric date typed with the year last. Only languages that write their own dates
 * month, day, year (en-US: 11/28/2026) read 03/04/2026 as March 4. Those that write the year first
 * (ne-NP: 2026-11-28, zh-TW: 2026/11/28) say nothing about dates written year last, and written that way
 * most of the world, Nepal included, puts the day first.
 */
export function dayOrderOf(locale: string | undefined = browserLanguage()): DayOrder {
  const key = locale ?? '';
  let order = dayOrders.get(key);
  if (!order) {
    const fields = numericDateParts(locale)
      .filter((part) => part.type !== 'literal')
      .map((part) => part.type)
      .join(' ');
    order = fields === 'month day year' ? 'month-first' : 'day-first';
    dayOrders.set(key, order);
  }
  return order;
}

/**
 * A day as the patron would type it in their browser's language, for saying what the field expects:
 * `28/11/2026` (en-GB), `11/28/2026` (en-US), `2026-11-28` (ne-NP), `28.11.2026` (de-DE). Always the 28th
 * of November, whose day cannot be taken for a month.
 */
export function typedDayExample(year: number, locale: string | undefined = browserLanguage()): string {
  const values: Record<DatePart, string> = { day: '28', month: '11', year: String(year) };
  const parts = numericDateParts(locale);
  const fields = parts.filter((part) => part.type !== 'literal');
  // Bidirectional marks (ar-SA) are invisible; anything else between the numbers but a separator the
  // field reads (a word, 年) gives way to a slash.
  const separators = parts
    .filter((part) => part.type === 'literal')
    .map((part) => part.value.replace(/[\u061c\u200e\u200f]/g, ''));
  const readable = fields.length === 3 && separators.every((separator) => /^[\s./-]*$/.test(separator));
  if (!readable) {
    const order: DatePart[] =
      dayOrderOf(locale) === 'month-first' ? ['month', 'day', 'year'] : ['day', 'month', 'year'];
    return order.map((part) => values[part]).join('/');
  }
  return parts
    .map((part) =>
      part.type === 'literal' ? part.value.replace(/[\u061c\u200e\u200f]/g, '') : values[part.type],
    )
    .join('')
    .trim();
}

// The first digit (zero) of the digit sets people may type dates in besides 0-9: Arabic-Indic and its
// Persian form, Devanagari (Nepali), Bengali, Thai, Tibetan and Myanmar. Full-width digits are turned into
// 0-9 by NFKC.
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x0f20, 0x1040];

function latinDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((candidate) => code >= candidate && code <= candidate + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

function dayOf(year: string, month: number, day: string | number): string | null {
  const isoDay = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(isoDay) ? isoDay : null;
}

function monthNumber(name: string): number {
  return name.length >= 3 ? MONTHS.findIndex((month) => month.startsWith(name)) + 1 : 0;
}

/**
 * Three numbers: year first (2026-11-28) in every language; year last with a part above 12, which can
 * only be the day (28/11/2026, 11/28/2026), in every language; otherwise (03/04/2026) as `order` says.
 * The year is always written in full: `28/11/26` could be any of three days.
 */
function numericDay([first, second, third]: [string, string, string], order: DayOrder): string | null {
  if (first.length === 4 && second.length <= 2 && third.length <= 2) {
    return dayOf(first, Number(second), third);
  }
  if (third.length !== 4 || first.length > 2 || second.length > 2) return null;
  const [a, b] = [Number(first), Number(second)];
  const dayFirst = a > 12 ? true : b > 12 ? false : order === 'day-first';
  return dayFirst ? dayOf(third, b, a) : dayOf(third, a, b);
}

/**
 * The day typed into a day field, as YYYY-MM-DD, or null when the text names no day:
 * - in numbers, with `/`, `.`, `-` or spaces between them, the year in full: `2026-11-28` and
 *   `28/11/2026` or `11/28/2026` anywhere, and `03/04/2026` as the browser's language writes dates
 *   (`locale`, see dayOrderOf); Devanagari and other digits count;
 * - with the month's English name, shortened to three letters or more: the field's own
 *   `November 28, 2026`, `28 Nov 2026`, `28-Nov-2026`, `2026 Nov 28`.
 */
export function parseTypedDay(text: string, locale: string | undefined = browserLanguage()): string | null {
  const typed = latinDigits(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[\u061c\u200e\u200f]/g, '')
    .trim()
    // `28.11.2026.` and Korean `2026. 11. 28.` end with a dot.
    .replace(/\.$/, '')
    .trim();
  const numbers = typed.split(/\s*[./-]\s*|\s+/);
  if (numbers.length === 3 && numbers.every((part) => /^\d+$/.test(part))) {
    return numericDay(numbers as [string, string, string], dayOrderOf(locale));
  }

  const words = typed.replace(/[\s,/-]+/g, ' ');
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/.exec(words);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month ? dayOf(monthFirst[3]!, month, monthFirst[2]!) : null;
  }
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.? (\d{4})$/.exec(words);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2]!);
    return month ? dayOf(dayFirst[3]!, month, dayFirst[1]!) : null;
  }
  const yearFirst = /^(\d{4}) ([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?$/.exec(words);
  if (yearFirst) {
    const month = monthNumber(yearFirst[2]!);
    return month ? dayOf(yearFirst[1]!, month, yearFirst[3]!) : null;
  }
  return null;
}
