import { Text } from '@mantine/core';
import { DEFAULT_BUSINESS_TIME_ZONE, dayInZone, zonedTimeToUtc } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatPujaDate } from '../lib/formatting.ts';
import { i18n } from '../lib/i18n.ts';

/** The browser's own time zone (the patron's), e.g. America/Los_Angeles. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeIn(timeZone: string, instant: Date): string {
  const key = `${i18n.language} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone });
    timeFormats.set(key, format);
  }
  return format.format(instant);
}

/**
 * How a puja's day reads for the patron (docs/decisions/020): Nepal's date, marked so; the time the
 * monastery set, in Nepal time; and when the patron's own zone differs, that moment in their time, with
 * their date when it is another day. `date` is the order's (`2026-12-01T00:00:00+05:45`), `time` `HH:MM`.
 */
export function describePujaDay(
  date: string,
  time: string | null | undefined,
  timeZone: string,
): { day: string; nepalTime?: string; yourTime?: string; yourDate?: string } {
  const nepalDay = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? date;
  const day = formatPujaDate(date);
  if (!time) return { day };
  const instant = zonedTimeToUtc(nepalDay, time, DEFAULT_BUSINESS_TIME_ZONE);
  const nepalTime = timeIn(DEFAULT_BUSINESS_TIME_ZONE, instant);
  const yourTime = timeIn(timeZone, instant);
  const theirDay = dayInZone(instant, timeZone);
  if (yourTime === nepalTime && theirDay === nepalDay) return { day, nepalTime };
  return {
    day,
    nepalTime,
    yourTime,
    ...(theirDay !== nepalDay ? { yourDate: formatPujaDate(theirDay) } : {}),
  };
}

/** The puja's day for a patron: `January 5th, 2027 (Nepal date) · 7:00 AM Nepal time · 6:15 pm on January 4th, 2027, your time`. */
export function PujaDay({
  date,
  time,
  timeZone = viewerTimeZone(),
}: {
  date: string;
  time?: string | null | undefined;
  timeZone?: string;
}) {
  const { t } = useTranslation('prices');
  const described = describePujaDay(date, time, timeZone);
  return (
    <span data-testid="puja-day">
      {described.day}{' '}
      <Text span size="xs" c="dimmed">
        {t('day.nepalDate')}
      </Text>
      {described.nepalTime && <> · {t('day.nepalTime', { time: described.nepalTime })}</>}
      {described.yourTime && (
        <Text span size="xs" c="dimmed">
          {' · '}
          {described.yourDate
            ? t('day.yourTimeOtherDay', { time: described.yourTime, date: described.yourDate })
            : t('day.yourTime', { time: described.yourTime })}
        </Text>
      )}
    </span>
  );
}
