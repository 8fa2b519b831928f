import { addDays, type UnavailableDay } from '@puja/contract';

/** Runs of consecutive days with one reason (and message): "2–8 October: Losar retreat" reads as one line. */
export interface UnavailableRun {
  first: string;
  last: string;
  reason: UnavailableDay['reason'];
  message: string | null;
}

export function runsOf(days: readonly UnavailableDay[]): UnavailableRun[] {
  const runs: UnavailableRun[] = [];
  for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    const last = runs.at(-1);
    if (
      last &&
      addDays(last.last, 1) === day.date &&
      last.reason === day.reason &&
      last.message === day.message
    )
      last.last = day.date;
    else runs.push({ first: day.date, last: day.date, reason: day.reason, message: day.message });
  }
  return runs;
}

/** The first day of the month a day is in. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
