import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY_INPUT_FORMAT, parseTypedDay } from '../lib/typed-day.ts';

/** What every day field of the app decides the same way; the rest (range, value, messages) is the caller's. */
type FixedProps =
  | 'valueFormat'
  | 'dateParser'
  | 'firstDayOfWeek'
  | 'weekendDays'
  | 'ariaLabels'
  | 'clearable'
  | 'clearButtonProps';

/**
 * A day picked or typed (DESIGN: Mantine's DateInput with a min date), as the patron's order form and the
 * staff's Update Puja Date use it: weeks start on Sunday like the staff calendar (SPEC §9), no weekend
 * colouring (pujas happen every day, and Mantine's red fails WCAG's text contrast), named navigation
 * buttons (Mantine leaves them unnamed), and typed days read in unambiguous forms only. Only lazy pages
 * render it, so its styles never reach the first page.
 */
export function DayInput(props: Omit<DateInputProps, FixedProps>) {
  const { t } = useTranslation();
  return (
    <DateInput
      valueFormat={DAY_INPUT_FORMAT}
      dateParser={parseTypedDay}
      firstDayOfWeek={0}
      weekendDays={[]}
      clearable
      clearButtonProps={{ 'aria-label': t('dayInput.clear') }}
      ariaLabels={{
        previousMonth: t('dayInput.previousMonth'),
        nextMonth: t('dayInput.nextMonth'),
        previousYear: t('dayInput.previousYear'),
        nextYear: t('dayInput.nextYear'),
        previousDecade: t('dayInput.previousDecade'),
        nextDecade: t('dayInput.nextDecade'),
      }}
      {...props}
    />
  );
}
