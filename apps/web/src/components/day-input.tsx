import '@mantine/dates/styles.layer.css';
import '../lib/day-input-strings.ts';
import { DateInput, type DateInputProps, type DateValue } from '@mantine/dates';
import type { Language } from '@puja/contract';
import dayjs from 'dayjs';
// The calendar's month and weekday names in the other languages (small; this module is only in lazy pages).
import 'dayjs/locale/ne';
import 'dayjs/locale/zh-tw';
import { type FocusEvent, type InputEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_INPUT_FORMAT, parseTypedDay, typedDayExample } from '../lib/typed-day.ts';

/** dayjs's name of each language's locale. */
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', ne: 'ne', 'zh-Hant': 'zh-tw' };

/**
 * How the field writes a chosen day in each language: English spells the month (docs/product.md); Nepali
 * and Chinese write it year first in numbers, as their readers do and as parseTypedDay reads back.
 */
const DAY_FORMATS: Record<Language, string> = {
  en: DAY_INPUT_FORMAT,
  ne: 'YYYY-MM-DD',
  'zh-Hant': 'YYYY/MM/DD',
};

/** What every day field of the app decides the same way; the rest (range, value, messages) is the caller's. */
type FixedProps =
  | 'valueFormat'
  | 'dateParser'
  | 'fixOnBlur'
  | 'firstDayOfWeek'
  | 'weekendDays'
  | 'ariaLabels'
  | 'clearable'
  | 'clearButtonProps'
  | 'locale';

/** The day a value names, as YYYY-MM-DD, or null for none. */
function dayOf(value: DateValue | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : dayjs(value).format('YYYY-MM-DD');
}

/** The caller holds the day (YYYY-MM-DD) or null in `value`, as a form's input props give it. */
type DayInputProps = Omit<DateInputProps, FixedProps | 'defaultValue'>;

/** Why the text left in the field is not the chosen day. */
type Problem = 'unreadable' | 'outside';

/**
 * A day picked or typed (DESIGN: Mantine's DateInput with a min date), as the patron's order form, the
 * staff's Update Puja Date and the admin's payment filters use it: weeks start on Sunday like the staff
 * calendar (docs/product.md#fixed-values-and-formats), no weekend colouring (pujas happen every day, and Mantine's red fails WCAG's text
 * contrast), named navigation buttons (Mantine leaves them unnamed). Only lazy pages render it, so its
 * styles never reach the first page.
 *
 * Typed days are read as parseTypedDay says, numbers in the browser's language's order. A typed day the
 * field can take is shown back as `November 28, 2026` on leaving, so the patron sees how 03/04/2026 was
 * read. Text it cannot take stays as typed (Mantine would replace it with the previous day, or empty it),
 * no day is chosen, and the field says why: what it expects in the browser's own order
 * ('Type the date as 28/11/2026 or pick it in the calendar.'), or the caller's message (or the range) for
 * a day outside the range.
 */
export function DayInput({
  value,
  onChange,
  onFocus,
  onBlur,
  onInput,
  error,
  minDate,
  maxDate,
  popoverProps,
  ...props
}: DayInputProps) {
  const { t, i18n } = useTranslation('day-input');
  const language = (i18n.language in DAY_FORMATS ? i18n.language : 'en') as Language;
  const dayFormat = DAY_FORMATS[language];
  const dayjsLocale = DAYJS_LOCALES[language];
  // The text typed since the field last showed a chosen day as it writes one.
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The day Mantine showed when the field was left with text it could not take. Mantine writes its value
  // into the box whenever that value changes, so it keeps seeing this one (while the caller's is empty)
  // until the field is used again, and the text stays.
  const [shownDay, setShownDay] = useState<{ value: DateValue } | null>(null);
  // Without a value from the caller, Mantine holds the day, as the last one it reported.
  const [reportedDay, setReportedDay] = useState<string | null>(null);
  const chosen = value === undefined ? reportedDay : dayOf(value);
  // While the calendar is open, Escape is the calendar's: a dialog around the field (Update Puja Date)
  // listens for Escape on the window first, and Mantine's dialogs leave alone a key whose target carries
  // `data-mantine-stop-propagation`. Closed, Escape is the dialog's again.
  const [pickerOpen, setPickerOpen] = useState(false);

  /** Text that is not the chosen day: kept on leaving, rather than replaced. */
  function keeps(text: string): boolean {
    const day = parseTypedDay(text);
    return text.trim() !== '' && (day === null || day !== chosen);
  }

  function handleChange(day: string | null) {
    setShownDay(null);
    setProblem(null);
    setReportedDay(day);
    if (day === null) setTyped(null);
    onChange?.(day);
  }

  function handleFocus(event: FocusEvent<HTMLInputElement>) {
    // Mantine opens the calendar in the same update, and leaves the box alone while it is open.
    setShownDay(null);
    onFocus?.(event);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const text = event.currentTarget.value;
    if (keeps(text)) {
      setProblem(parseTypedDay(text) === null ? 'unreadable' : 'outside');
      setTyped(text);
      if (value !== undefined) setShownDay({ value });
      // The box shows no day the field can take, so none is chosen (before the caller's onBlur, which may
      // say why).
      if (chosen !== null) onChange?.(null);
    } else {
      setProblem(null);
      setTyped(null);
    }
    onBlur?.(event);
  }

  function handleInput(event: InputEvent<HTMLInputElement>) {
    setTyped(event.currentTarget.value);
    onInput?.(event);
  }

  function problemMessage(): ReactNode {
    // A day the caller chose since (a reset, a new order) replaced the text the problem was about.
    if (chosen !== null) return error;
    if (problem === 'unreadable') {
      return t('unreadable', { example: typedDayExample(dayjs(minDate ?? undefined).year()) });
    }
    // A day outside the range: the caller's message says it best; else the range.
    if (error || problem !== 'outside') return error;
    const min = minDate && dayjs(minDate).locale(dayjsLocale).format(dayFormat);
    const max = maxDate && dayjs(maxDate).locale(dayjsLocale).format(dayFormat);
    if (min && max) return t('between', { min, max });
    if (min) return t('from', { min });
    return max ? t('until', { max }) : error;
  }

  return (
    <DateInput
      valueFormat={dayFormat}
      locale={dayjsLocale}
      dateParser={parseTypedDay}
      // Mantine's own fixing on blur would replace text the field cannot take.
      fixOnBlur={typed === null || !keeps(typed)}
      firstDayOfWeek={0}
      weekendDays={[]}
      clearable
      clearButtonProps={{ 'aria-label': t('clear') }}
      ariaLabels={{
        previousMonth: t('previousMonth'),
        nextMonth: t('nextMonth'),
        previousYear: t('previousYear'),
        nextYear: t('nextYear'),
        previousDecade: t('previousDecade'),
        nextDecade: t('nextDecade'),
      }}
      value={shownDay && chosen === null ? shownDay.value : value}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onInput={handleInput}
      minDate={minDate}
      maxDate={maxDate}
      error={problemMessage()}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setPickerOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setPickerOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      data-mantine-stop-propagation={pickerOpen || undefined}
      {...props}
    />
  );
}
