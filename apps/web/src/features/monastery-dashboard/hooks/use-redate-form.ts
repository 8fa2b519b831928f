import {
  addDays,
  DEFAULT_BUSINESS_TIME_ZONE,
  LATEST_ORDER_DAYS,
  type Order,
  todayIn,
  updateOrderRequestSchema,
} from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, fieldErrorsOfIssues } from '../utils/failures.ts';
import type { OrderActions } from './use-order-actions.ts';

/** The days a puja can be moved to: from today in the business time zone up to a year ahead. */
export function redateRange(today = todayIn(DEFAULT_BUSINESS_TIME_ZONE)): { min: string; max: string } {
  return { min: today, max: addDays(today, LATEST_ORDER_DAYS) };
}

/**
 * The Update Puja Date form (SPEC §2, §5: the date is required), starting from the order's current day.
 * The range is the one the server applies, so a refused day is named before anything is sent.
 */
export function useRedateForm(
  order: Order,
  currentDay: string,
  actions: OrderActions,
  onUpdated: () => void,
) {
  const { t } = useTranslation('monastery-dashboard');
  const [date, setDateValue] = useState<string | null>(currentDay);
  const [error, setError] = useState<string | undefined>();
  const range = redateRange();

  function setDate(value: string | null) {
    setDateValue(value);
    setError(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (actions.updating) return;
    const check = updateOrderRequestSchema.safeParse({ date: date ?? '' });
    if (!check.success || !check.data?.date) {
      setError(fieldErrorsOfIssues(check.error?.issues ?? [], ['date']).date);
      return;
    }
    const day = check.data.date;
    // The range again: the modal may have stayed open past midnight in Nepal.
    const { min, max } = redateRange();
    if (day < min || day > max) {
      setError(day < min ? t('dateModal.dateTooEarly') : t('dateModal.dateTooLate'));
      return;
    }
    const outcome = await actions.redate(order, day);
    if (outcome.ok) onUpdated();
    else setError(fieldErrorsOf(outcome.error, ['date']).date);
  }

  return {
    date,
    setDate,
    error,
    submit,
    range,
    isUpdating: actions.updating?.orderId === order.id && actions.updating.action === 'redate',
  };
}
