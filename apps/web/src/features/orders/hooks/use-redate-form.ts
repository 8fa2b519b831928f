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
import { useStaleVersion } from '../../../lib/use-stale-version.ts';
import type { OrderActions } from './use-order-actions.ts';

/** The days a puja can be moved to: from today in the business time zone up to a year ahead. */
export function redateRange(today = todayIn(DEFAULT_BUSINESS_TIME_ZONE)): { min: string; max: string } {
  return { min: today, max: addDays(today, LATEST_ORDER_DAYS) };
}

/** The new day, and the time of day in Nepal (`HH:MM`, empty for none: docs/decisions/020). */
type RedateValues = { date: string | null; time: string };

const request = ({ date, time }: RedateValues) => ({ date: date ?? '', time });

/** The order as the form read it (`GET /api/order/{id}/edit`): its day and version. */
export interface StoredOrder {
  day: string;
  version: number;
}

/**
 * The Update Puja Date form (docs/product.md#staff-dashboard, §5: the date is required), starting from the order's current day.
 * The range is the one the server applies, so a refused day is named before anything is sent. It sends
 * the version it read: a change made since is refused and the form offers to read the order again
 * (docs/decisions/040); `reread` gives the order as stored now.
 */
export function useRedateForm(
  order: Order,
  stored: StoredOrder,
  actions: OrderActions,
  onUpdated: () => void,
  reread: () => Promise<StoredOrder>,
) {
  const { t } = useTranslation('staff');
  const versions = useStaleVersion(stored.version);
  const form = useContractForm<RedateValues>(
    updateOrderRequestSchema,
    { date: stored.day, time: order.time ?? '' },
    {
      request: (values) => ({ ...request(values), version: versions.version }),
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
    const day = updateOrderRequestSchema.parse({ ...request(values), version: versions.version })?.date ?? '';
    // The time goes only when changed: left as it was, the server keeps it.
    const time = values.time.trim();
    const outcome = await actions.redate(
      order,
      day,
      time === (order.time ?? '') ? undefined : time,
      versions.version ?? order.version,
    );
    if (outcome.ok) onUpdated();
    else if (!versions.noticeFrom(outcome.error)) showServerErrors(form, outcome.error);
  });

  /** After a refused stale change: the order's day as stored now in the form, and its version. */
  async function reload() {
    const fresh = await reread();
    form.setFieldValue('date', fresh.day);
    form.clearErrors();
    versions.reloaded(fresh.version);
  }

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) => (actions.updating ? event.preventDefault() : save(event)),
    range: redateRange(),
    /** A change refused as made from an old version, and the reload it offers. */
    stale: versions.stale,
    reload,
    isUpdating: actions.updating?.orderId === order.id && actions.updating.action === 'redate',
  };
}
