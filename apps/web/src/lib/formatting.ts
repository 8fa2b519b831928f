import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

// `Do` (1st, 2nd, …) in SPEC §9's formats needs this plugin.
dayjs.extend(advancedFormat);

/** Message times, SPEC §9: `01:05 PM Jan 1st, 2024`. */
export function formatMessageTime(value: string | Date): string {
  return dayjs(value).format('hh:mm A MMM Do, YYYY');
}

/** Order dates, SPEC §9: `January 1st, 2024 01:00 PM`. */
export function formatOrderDate(value: string | Date): string {
  return dayjs(value).format('MMMM Do, YYYY hh:mm A');
}
