import { Text } from '@mantine/core';
import { DEFAULT_BUSINESS_TIME_ZONE, dayInZone, zonedTimeToUtc } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { bikramSambatDay } from '../lib/bikram-sambat.ts';
import { formatPujaDate, formatTimeIn, viewerTimeZone } from '../lib/formatting.ts';
import { activeLanguage } from '../lib/i18n.ts';

/**
 * How a puja's day reads for the patron (docs/decisions/020): Nepal's date, marked so, and for a Nepali
 * reader that day in Bikram Sambat too (docs/decisions/030); the time the monastery set, in Nepal time; and
 * when the patron's own zone differs, that moment in their time, with their date when it is another day.
 * `date` is the order's (`2026-12-01T00:00:00+05:45`), `time` `HH:MM`.
 */
export function describePujaDay(
  date: string,
  time: string | null | undefined,
  timeZone: string,
): { day: string; bikramSambat?: string; nepalTime?: string; yourTime?: string; yourDate?: string } {
  const nepalDay = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? date;
  const bikramSambat = activeLanguage() === 'ne' ? bikramSambatDay(nepalDay) : undefined;
  const day = { day: formatPujaDate(date), ...(bikramSambat ? { bikramSambat } : {}) };
  if (!time) return day;
  const instant = zonedTimeToUtc(nepalDay, time, DEFAULT_BUSINESS_TIME_ZONE);
  const nepalTime = formatTimeIn(instant, DEFAULT_BUSINESS_TIME_ZONE);
  const yourTime = formatTimeIn(instant, timeZone);
  const theirDay = dayInZone(instant, timeZone);
  if (yourTime === nepalTime && theirDay === nepalDay) return { ...day, nepalTime };
  return {
    ...day,
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
      {described.bikramSambat && <> · {t('day.bikramSambat', { date: described.bikramSambat })}</>}
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
