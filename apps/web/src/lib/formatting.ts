import { DEFAULT_BUSINESS_TIME_ZONE, formatRupees, type Language } from '@puja/contract';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { activeLanguage, i18n } from './i18n.ts';

// `Do` (1st, 2nd, …) in the formats of docs/product.md#fixed-values-and-formats needs this plugin.
dayjs.extend(advancedFormat);

/**
 * The locale each language formats dates and numbers in: Indian English keeps lakh grouping of rupees
 * (Rs. 1,00,000) as English pages always showed them.
 */
export const FORMAT_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  ne: 'ne-NP',
  'zh-Hant': 'zh-Hant-TW',
};

/**
 * The locale dates and numbers are written in: the active language's (docs/decisions/018). English keeps
 * the formats docs/product.md fixes; Nepali and Chinese write them as their readers do (`२०२६ नोभेम्बर २८`,
 * `2026年11月28日`).
 */
export function formatLocale(): string {
  return FORMAT_LOCALES[activeLanguage()];
}

/**
 * The locale numbers and rupees are written in. Nepali spells its digits out (`en-IN-u-nu-deva`: Devanagari
 * digits, lakh grouping) instead of trusting `ne-NP`'s own data, which some browsers' ICU lacks (they would
 * write `5,000` where the server wrote `५,०००`, and a server-rendered price must read the same in the browser
 * that hydrates it).
 */
const NUMBER_LOCALES: Record<Language, string> = { ...FORMAT_LOCALES, ne: 'en-IN-u-nu-deva' };
const numberLocale = () => NUMBER_LOCALES[activeLanguage()];

const inEnglish = () => activeLanguage() === 'en';

/** Rupees in the active language: `Rs. 1,00,000`, `रु. १,००,०००`, `Rs. 100,000`. Always rupees. */
export function formatMoney(rupees: number): string {
  return formatRupees(rupees, numberLocale());
}

const currencyFormats = new Map<string, Intl.NumberFormat>();
/**
 * An exact amount of another currency, as a card payment recorded it (docs/decisions/057): its code and
 * the currency's own digits, `USD 18.80`, `JPY 2,100`, in the active language's digits. Never a conversion:
 * the figures come from the server.
 */
export function formatCurrencyAmount(amount: number, currency: string): string {
  const key = `${numberLocale()} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(), { style: 'currency', currency, currencyDisplay: 'code' });
    currencyFormats.set(key, format);
  }
  return format.format(amount);
}

/** A count or figure in the active language's digits and separators. */
export function formatNumber(value: number): string {
  return value.toLocaleString(numberLocale());
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** What a clock in one time zone reads at an instant. `weekday`: 0 is Sunday. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

/**
 * Made on first use, one per zone: a formatter with a time zone makes the browser load its time-zone data,
 * about 20 ms on a phone, which the public pages (prices only) should not spend as they start.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClock(value: string | Date, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(value)).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return { ...parts, weekday };
}

/** A calendar day (`YYYY-MM-DD`) as a clock's reading at its noon, for formats that take one. */
function calendarDay(isoDay: string): WallClock {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour: 12,
    minute: 0,
  };
}

/** The reading as a local Date, only so dayjs can write it in the English formats. */
const asLocalDate = (clock: WallClock) =>
  new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);

/**
 * Nepali dates as Node's and Firefox's `Intl` write them (`२०२६ नोभेम्बर २७`, `१७:२२`), for browsers whose
 * `Intl` has no Nepali: Chromium's ICU lacks `ne-NP` month names and falls back to English (`November 27,
 * 2026`), which would read "November 27, 2026 मा भुक्तानी गरियो" in a Nepali sentence (issue 29).
 */
const NEPALI_MONTHS = [
  'जनवरी',
  'फेब्रुअरी',
  'मार्च',
  'अप्रिल',
  'मे',
  'जुन',
  'जुलाई',
  'अगस्ट',
  'सेप्टेम्बर',
  'अक्टोबर',
  'नोभेम्बर',
  'डिसेम्बर',
] as const;
const NEPALI_WEEKDAYS = ['आइतबार', 'सोमबार', 'मङ्गलबार', 'बुधबार', 'बिहिबार', 'शुक्रबार', 'शनिबार'] as const;
const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** A number in Devanagari digits, padded to `width` with zeros. */
export function devanagariDigits(value: number, width = 1): string {
  return String(value)
    .padStart(width, '0')
    .replace(/\d/g, (digit) => DEVANAGARI_DIGITS[Number(digit)]!);
}

let intlWritesNepali: boolean | undefined;
/**
 * Whether this browser's `Intl` writes Nepali dates: asked once, by whether a Nepali month name comes out
 * the same as the English one (Chromium's does; Node's and Firefox's do not).
 */
export function intlHasNepaliDates(): boolean {
  intlWritesNepali ??= (() => {
    const options: Intl.DateTimeFormatOptions = { month: 'long', timeZone: 'UTC' };
    const november = Date.UTC(2026, 10, 15);
    return (
      new Intl.DateTimeFormat('ne-NP', options).format(november) !==
      new Intl.DateTimeFormat('en-US', options).format(november)
    );
  })();
  return intlWritesNepali;
}

type DateStyle = 'long' | 'full';
/** A day in the active language: English in docs/product.md's format, the others as their readers write it. */
function writeDay(clock: WallClock, style: DateStyle = 'long'): string {
  const language = activeLanguage();
  if (language === 'en')
    return dayjs(asLocalDate(clock)).format(style === 'full' ? 'dddd, MMMM Do, YYYY' : 'MMMM Do, YYYY');
  if (language === 'ne' && !intlHasNepaliDates()) {
    const day = `${devanagariDigits(clock.year)} ${NEPALI_MONTHS[clock.month - 1]} ${devanagariDigits(clock.day)}`;
    return style === 'full' ? `${day}, ${NEPALI_WEEKDAYS[clock.weekday]}` : day;
  }
  // The day at noon UTC, written in UTC: the same calendar day in every zone.
  return dateTimeFormat({ dateStyle: style, timeZone: 'UTC' }).format(
    Date.UTC(clock.year, clock.month - 1, clock.day, 12),
  );
}

/** A time of day in the active language: `5:22 PM`, `१७:२२`, `下午5:22`. */
function writeTime(clock: WallClock): string {
  const language = activeLanguage();
  if (language === 'en') return dayjs(asLocalDate(clock)).format('h:mm A');
  if (language === 'ne' && !intlHasNepaliDates())
    return `${devanagariDigits(clock.hour, 2)}:${devanagariDigits(clock.minute, 2)}`;
  return dateTimeFormat({ timeStyle: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, clock.hour, clock.minute),
  );
}

/** Between a day and its time, as each language writes them (`२०२६ नोभेम्बर २७, १७:२२`). */
const DAY_TIME_SEPARATORS: Record<Language, string> = { en: ' ', ne: ', ', 'zh-Hant': ' ' };
function writeDayAndTime(clock: WallClock): string {
  return `${writeDay(clock)}${DAY_TIME_SEPARATORS[activeLanguage()]}${writeTime(clock)}`;
}

/** The browser's own time zone (the patron's), e.g. America/Los_Angeles. */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Message times, docs/product.md#fixed-values-and-formats: `01:05 PM Jan 1st, 2024`, in the reader's own zone. */
export function formatMessageTime(value: string | Date, timeZone = viewerTimeZone()): string {
  const clock = wallClock(value, timeZone);
  if (inEnglish()) return dayjs(asLocalDate(clock)).format('hh:mm A MMM Do, YYYY');
  return writeDayAndTime(clock);
}

/** Order dates, docs/product.md#fixed-values-and-formats: `January 1st, 2024 01:00 PM`, in the reader's own zone. */
export function formatOrderDate(value: string | Date, timeZone = viewerTimeZone()): string {
  const clock = wallClock(value, timeZone);
  if (inEnglish()) return dayjs(asLocalDate(clock)).format('MMMM Do, YYYY hh:mm A');
  return writeDayAndTime(clock);
}

/**
 * A puja's day, in the date format of docs/product.md#fixed-values-and-formats: `January 1st, 2024`. The
 * server sends the start of that day in the business time zone (`2026-12-01T00:00:00+05:45`); the calendar
 * day is read from the text, so a browser in another zone (where that instant is still 30 November) shows
 * the same day as Nepal.
 */
export function formatPujaDate(value: string, style: DateStyle = 'long'): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!day) return dayjs(value).format('MMMM Do, YYYY');
  return writeDay(calendarDay(day), style);
}

/**
 * A moment as a clock in Nepal (the business time zone) shows it, in the order-date format of
 * docs/product.md#fixed-values-and-formats: `January 1st, 2024 01:00 PM`. Used where the time must read the
 * same for everyone, e.g. when money was received or refunded, which the receipts, the providers' portals
 * and the CSV export also give in Nepal time.
 */
export function formatBusinessTime(value: string | Date): string {
  return formatOrderDate(value, DEFAULT_BUSINESS_TIME_ZONE);
}

/** A time of day at an instant, as a clock in `timeZone` shows it: `7:00 AM`, `०७:००`, `清晨7:00`. */
export function formatTimeIn(instant: string | Date, timeZone: string): string {
  return writeTime(wallClock(instant, timeZone));
}

/**
 * A moment as a patron reads it (issue 29; docs/decisions/030): Nepal's date and time, labelled, and when
 * their own zone differs, their time too, with their date when it is another day: `November 27th, 2026 5:22
 * PM Nepal time (12:37 PM your time)`. Payments, messages and an order's expiry read the same for the
 * patron and for the monastery that way, and neither has to work out the other's clock.
 */
export function formatPatronMoment(value: string | Date, timeZone = viewerTimeZone()): string {
  const nepal = wallClock(value, DEFAULT_BUSINESS_TIME_ZONE);
  const nepalText = i18n.t('day.atNepalTime', {
    ns: 'prices',
    date: writeDay(nepal),
    time: writeTime(nepal),
  });
  const yours = wallClock(value, timeZone);
  if (yours.hour === nepal.hour && yours.minute === nepal.minute && yours.day === nepal.day) return nepalText;
  const sameDay = yours.year === nepal.year && yours.month === nepal.month && yours.day === nepal.day;
  const yoursText = sameDay
    ? i18n.t('day.yourTime', { ns: 'prices', time: writeTime(yours) })
    : i18n.t('day.yourTimeOtherDay', { ns: 'prices', time: writeTime(yours), date: writeDay(yours) });
  return i18n.t('day.withYourTime', { ns: 'prices', nepal: nepalText, yours: yoursText });
}
