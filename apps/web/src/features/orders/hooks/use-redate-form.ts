import {
  addDays,
  DEFAULT_BUSINESS_TIME_ZONE,
  LATEST_ORDER_DAYS,
  type Order,
  todayIn,
  updateOrderRequestSchema,
} from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import type { OrderActions } from './use-order-actions.ts';

/** The days a puja can be moved to: from today in the business time zone up to a year ahead. */
export function redateRange(today = todayIn(DEFAULT_BUSINESS_TIME_ZONE)): { min: string; max: string } {
  return { min: today, max: addDays(today, LATEST_ORDER_DAYS) };
}

/** The new day, and the time of day in Nepal (`HH:MM`, empty for none: docs/decisions/020). */
type RedateValues = { date: string | null; time: string };

const request = ({ date, time }: RedateValues) => ({ date: date ?? '', time });

/**
 * The Update Puja Date form (docs/product.md#staff-dashboard, §5: the date is required), starting from the order's current day.
 * The range is the one the server applies, so a refused day is named before anything is sent.
 */
export function useRedateForm(
  order: Order,
  currentDay: string,
  actions: OrderActions,
  onUpdated: () => void,
) {
  const { t } = useTranslation('staff');
  const form = useContractForm<RedateValues>(
    updateOrderRequestSchema,
    { date: currentDay, time: order.time ?? '' },
    {
      request,
      refine: (values, errors) => {
        if (errors.date || !values.date) return errors;
        // The range as it is now: the modal may have stayed open past midnight in Nepal.
        const { min, max } = redateRange();
        if (values.date < min) return { ...errors, date: t('dateModal.dateTooEarly') };
        if (values.date > max) return { ...errors, date: t('dateModal.dateTooLate') };
        return errors;
      },
    },
  );

  const save = form.onSubmit(async (values) => {
    const day = updateOrderRequestSchema.parse(request(values))?.date ?? '';
    // The time goes only when changed: left as it was, the server keeps it.
    const time = values.time.trim();
    const outcome = await actions.redate(order, day, time === (order.time ?? '') ? undefined : time);
    if (outcome.ok) onUpdated();
    else showServerErrors(form, outcome.error);
  });

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) => (actions.updating ? event.preventDefault() : save(event)),
    range: redateRange(),
    isUpdating: actions.updating?.orderId === order.id && actions.updating.action === 'redate',
  };
}
