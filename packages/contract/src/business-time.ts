/**
 * Business dates: a puja happens on a day in the business time zone (Nepal by default), whatever the
 * patron's or the server's own zone. "Today" is today there.
 */
export function todayIn(timeZone: string, now = new Date()): string {
  return formatterOf(
    dayFormatters,
    timeZone,
    () =>
      // en-CA formats as YYYY-MM-DD.
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(now);
}

/**
 * Making an Intl.DateTimeFormat costs about ten times using one (a list of orders dates each of them), so
 * one per time zone is kept. The zones are the few a deployment configures.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = make();
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether a YYYY-MM-DD string names a real calendar day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The start of a business day as an ISO timestamp with the zone's offset, e.g. 2026-12-01T00:00:00+05:45. */
export function startOfBusinessDay(isoDate: string, timeZone: string): string {
  const noonUtc = new Date(`${isoDate}T12:00:00Z`);
  const offset =
    formatterOf(
      offsetFormatters,
      timeZone,
      () => new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' }),
    )
      .formatToParts(noonUtc)
      .find((part) => part.type === 'timeZoneName')
      ?.value.replace('GMT', '') || '+00:00';
  return `${isoDate}T00:00:00${offset === 'Z' || offset === '' ? '+00:00' : offset}`;
}

/** A time of day, `HH:MM` on a 24-hour clock (a puja's time, in the business time zone). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const zoneFieldFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = formatterOf(
    zoneFieldFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wallClockAsUtc - (instant.getTime() - instant.getMilliseconds());
}

/**
 * The instant a wall-clock time on a day in a time zone names, e.g. 07:00 on 2026-12-01 in Asia/Kathmandu
 * is 2026-12-01T01:15:00Z. The offset is read twice, so a zone with summer time lands on the right side
 * of its change (Nepal has none, but BUSINESS_TIME_ZONE may be another zone).
 */
export function zonedTimeToUtc(isoDate: string, timeOfDay: string, timeZone: string): Date {
  const [hours, minutes] = timeOfDay.split(':').map(Number);
  const wallClockAsUtc =
    new Date(`${isoDate}T00:00:00Z`).getTime() + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000;
  const firstGuess = wallClockAsUtc - offsetAt(new Date(wallClockAsUtc), timeZone);
  return new Date(wallClockAsUtc - offsetAt(new Date(firstGuess), timeZone));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  return todayIn(timeZone, instant);
}

/**
 * An instant as the wall-clock time in a zone with the zone's offset, to the second: 2026-12-01T07:00:00+05:45.
 * What exports write, so a spreadsheet shows Nepal's time and still knows the instant.
 */
export function instantInZone(instant: Date, timeZone: string): string {
  const offsetMinutes = Math.round(offsetAt(instant, timeZone) / 60_000);
  const wallClock = new Date(instant.getTime() - instant.getMilliseconds() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${wallClock.toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}
