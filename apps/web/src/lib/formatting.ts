import { DEFAULT_BUSINESS_TIME_ZONE, formatRupees, type Language } from '@puja/contract';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { activeLanguage } from './i18n.ts';

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

/** Message times, docs/product.md#fixed-values-and-formats: `01:05 PM Jan 1st, 2024`. */
export function formatMessageTime(value: string | Date): string {
  if (!inEnglish())
    return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  return dayjs(value).format('hh:mm A MMM Do, YYYY');
}

/** Order dates, docs/product.md#fixed-values-and-formats: `January 1st, 2024 01:00 PM`. */
export function formatOrderDate(value: string | Date): string {
  if (!inEnglish()) return dateTimeFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
  return dayjs(value).format('MMMM Do, YYYY hh:mm A');
}

/**
 * A puja's day, in the date format of docs/product.md#fixed-values-and-formats: `January 1st, 2024`. The server sends the start of that day in the
 * business time zone (`2026-12-01T00:00:00+05:45`); the calendar day is read from the text, so a browser in
 * another zone (where that instant is still 30 November) shows the same day as Nepal.
 */
export function formatPujaDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!inEnglish() && day) {
    // The day at noon UTC, written in UTC: the same calendar day in every language and zone.
    return dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  }
  return dayjs(day ?? value).format('MMMM Do, YYYY');
}

/**
 * Made on first use: a formatter with a time zone makes the browser load its time-zone data, about 20 ms
 * on a phone, which the public pages (prices only) should not spend as they start.
 */
let businessClock: Intl.DateTimeFormat | undefined;
function businessClockFormat(): Intl.DateTimeFormat {
  businessClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  return businessClock;
}

/**
 * A moment as a clock in Nepal (the business time zone) shows it, in the order-date format of docs/product.md#fixed-values-and-formats:
 * `January 1st, 2024 01:00 PM`. Used where the time must read the same for everyone, e.g. when money was
 * received or refunded, which the receipts, the providers' portals and the CSV export also give in Nepal time.
 */
export function formatBusinessTime(value: string | Date): string {
  if (!inEnglish()) {
    return dateTimeFormat({
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: DEFAULT_BUSINESS_TIME_ZONE,
    }).format(new Date(value));
  }
  const parts = Object.fromEntries(
    businessClockFormat()
      .formatToParts(new Date(value))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  // The wall-clock reading, built as a local date only so dayjs can format it.
  const wallClock = new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return dayjs(wallClock).format('MMMM Do, YYYY hh:mm A');
}
