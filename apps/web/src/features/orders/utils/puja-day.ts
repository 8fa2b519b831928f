/**
 * A puja's day as `YYYY-MM-DD`. The server sends the start of that day in the business time zone
 * (`2026-12-01T00:00:00+05:45`); the day is read from the text, so a browser in another zone (where that
 * instant is still 30 November) shows the same day as Nepal.
 */
export function pujaDayOf(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? date;
}
