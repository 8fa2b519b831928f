import { Stack, Text } from '@mantine/core';
import { type TibetanDay, tibetanDayOf } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bikramSambatDay } from '../../../lib/bikram-sambat.ts';
import { formatNumber } from '../../../lib/formatting.ts';
import { activeLanguage } from '../../../lib/i18n.ts';
import classes from './tibetan-day.module.css';

/**
 * The Tibetan calendar beside the order form's date (docs/decisions/053): each day of the picker shows its
 * lunar day, special days underlined and named in the day's description; under the field, the chosen day's
 * Tibetan month and lunar day, the special days it keeps, and for a Nepali reader its Bikram Sambat date.
 * The calendar arithmetic (packages/contract) comes with this lazily loaded form, not the first page.
 */

/** The picker shows six weeks at a time and asks for each day more than once: each is computed once. */
const computed = new Map<string, TibetanDay>();
function tibetanDay(date: string): TibetanDay {
  let day = computed.get(date);
  if (!day) {
    day = tibetanDayOf(date);
    computed.set(date, day);
  }
  return day;
}

/** The sentences describing a Tibetan day in the active language, first the date, then what it keeps. */
export function useDescribeTibetanDay(): (date: string) => { date: string; notes: string[] } {
  const { t } = useTranslation('orders');
  return (date) => {
    const day = tibetanDay(date);
    const numbers = { month: formatNumber(day.month), day: formatNumber(day.lunarDay) };
    const notes = day.specialDays.map((special) => t(`tibetanCalendar.special.${special}`));
    if (day.doubled === 'first') notes.push(t('tibetanCalendar.doubledFirst'));
    if (day.doubled === 'second') notes.push(t('tibetanCalendar.doubledSecond'));
    if (day.skippedNext) notes.push(t('tibetanCalendar.skipped', { day: formatNumber(day.skippedNext) }));
    return {
      date: t(day.leapMonth ? 'tibetanCalendar.leapMonthDay' : 'tibetanCalendar.monthDay', numbers),
      notes,
    };
  };
}

/**
 * The picker's props that show the Tibetan calendar: each day's cell (its number and lunar day) and its
 * description (the lunar day and the special days it keeps), for DayInput.
 */
export function useLunarDayPicker(): {
  renderDay: (date: string) => ReactNode;
  getDayProps: (date: string) => { title: string };
} {
  const { t } = useTranslation('orders');
  return {
    renderDay: (date) => {
      const day = tibetanDay(date);
      return (
        <span className={classes.cell}>
          <span>{Number(date.slice(8, 10))}</span>
          <span
            className={
              day.specialDays.length > 0 ? `${classes.lunarDay} ${classes.special}` : classes.lunarDay
            }
            data-testid="lunar-day"
          >
            {formatNumber(day.lunarDay)}
          </span>
        </span>
      );
    },
    // Mantine names each day's button by its date (tests and screen readers find it so); the lunar day and
    // the special days are its description, shown on hover too.
    getDayProps: (date) => {
      const day = tibetanDay(date);
      const names = day.specialDays.map((special) => t(`tibetanCalendar.special.${special}`));
      return {
        title: [t('tibetanCalendar.lunarDay', { day: formatNumber(day.lunarDay) }), ...names].join(', '),
      };
    },
  };
}

/** Under the date field: the chosen day in the Tibetan calendar and, for a Nepali reader, in Bikram Sambat. */
export function TibetanDayNote({ date }: { date: string }) {
  const { t } = useTranslation('orders');
  const { t: prices } = useTranslation('prices');
  const describe = useDescribeTibetanDay();
  const described = describe(date);
  const bikramSambat = activeLanguage() === 'ne' ? bikramSambatDay(date) : undefined;
  return (
    <Stack gap={0} data-testid="tibetan-day">
      {bikramSambat && (
        <Text size="sm" c="dimmed">
          {prices('day.bikramSambat', { date: bikramSambat })}
        </Text>
      )}
      <Text size="sm">{t('tibetanCalendar.labelled', { date: described.date })}</Text>
      {described.notes.map((note) => (
        <Text key={note} size="sm" fw={700}>
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/** The puja's day in the Tibetan calendar, for the order's details: `Month 4, lunar day 15 · Full moon`. */
export function TibetanDate({ date }: { date: string }) {
  const described = useDescribeTibetanDay()(date);
  return <span data-testid="tibetan-date">{[described.date, ...described.notes].join(' · ')}</span>;
}
