import { addDays } from '@puja/contract';

/**
 * The payout schedule (PAYOUT_SCHEDULE, docs/decisions/033): a day of the week or of the month, in the
 * business time zone. Days are `YYYY-MM-DD` strings; their weekday is the calendar's, whatever the zone.
 */
export type PayoutSchedule = { every: 'week'; weekday: number } | { every: 'month'; day: number };

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Reads the configured value, which the configuration's schema has already checked. */
export function parsePayoutSchedule(value: string): PayoutSchedule {
  const [every, day] = value.split(':') as [string, string];
  return every === 'weekly'
    ? { every: 'week', weekday: WEEKDAYS.indexOf(day) }
    : { every: 'month', day: Number(day) };
}

export function isPayoutDay(day: string, schedule: PayoutSchedule): boolean {
  return schedule.every === 'week'
    ? new Date(`${day}T00:00:00Z`).getUTCDay() === schedule.weekday
    : Number(day.slice(8, 10)) === schedule.day;
}

/** The first payout day on or after `day` (at most a month away). */
export function nextPayoutDay(day: string, schedule: PayoutSchedule): string {
  let candidate = day;
  while (!isPayoutDay(candidate, schedule)) candidate = addDays(candidate, 1);
  return candidate;
}

/** The last payout day on or before `day`. */
export function lastPayoutDay(day: string, schedule: PayoutSchedule): string {
  let candidate = day;
  while (!isPayoutDay(candidate, schedule)) candidate = addDays(candidate, -1);
  return candidate;
}
