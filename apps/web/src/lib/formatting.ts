import { DEFAULT_BUSINESS_TIME_ZONE } from '@puja/contract';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

// `Do` (1st, 2nd, …) in the formats of docs/product.md#fixed-values-and-formats needs this plugin.
dayjs.extend(advancedFormat);

/** Message times, docs/product.md#fixed-values-and-formats: `01:05 PM Jan 1st, 2024`. */
export function formatMessageTime(value: string | Date): string {
  return dayjs(value).format('hh:mm A MMM Do, YYYY');
}

/** Order dates, docs/product.md#fixed-values-and-formats: `January 1st, 2024 01:00 PM`. */
export function formatOrderDate(value: string | Date): string {
  return dayjs(value).format('MMMM Do, YYYY hh:mm A');
}

/**
 * A puja's day, in the date format of docs/product.md#fixed-values-and-formats: `January 1st, 2024`. The server sends the start of that day in the
 * business time zone (`2026-12-01T00:00:00+05:45`); the calendar day is read from the text, so a browser in
 * another zone (where that instant is still 30 November) shows the same day as Nepal.
 */
export function formatPujaDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  return dayjs(day ?? value).format('MMMM Do, YYYY');
}

const businessClock = new Intl.DateTimeFormat('en-US', {
  timeZone: DEFAULT_BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/**
 * A moment as a clock in Nepal (the business time zone) shows it, in the order-date format of docs/product.md#fixed-values-and-formats:
 * `January 1st, 2024 01:00 PM`. Used where the time must read the same for everyone, e.g. when money was
 * received or refunded, which the receipts, the providers' portals and the CSV export also give in Nepal time.
 */
export function formatBusinessTime(value: string | Date): string {
  const parts = Object.fromEntries(
    businessClock.formatToParts(new Date(value)).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  // The wall-clock reading, built as a local date only so dayjs can format it.
  const wallClock = new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return dayjs(wallClock).format('MMMM Do, YYYY hh:mm A');
}
