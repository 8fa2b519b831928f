import { addMonasteryPujaRequestSchema, type PujaWithPivot } from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useUpdateMonasteryPujaCost } from '../api/update-monastery-puja-cost.ts';
import {
  type CostValue,
  type PriceValues,
  priceChecks,
  priceOf,
  pricingValuesOf,
  scheduleText,
} from '../utils/puja-forms.ts';

/** The price of a catalogue puja the monastery offers (docs/product.md#form-rules: cost required and numeric). */
export function useCostForm(puja: PujaWithPivot, onSaved: () => void) {
  const { t } = useTranslation('staff');
  const attempt = useAttempt();
  const update = useUpdateMonasteryPujaCost();
  // The puja is fixed: it is a value so that a message about it (from the server) shows with the cost.
  const form = useContractForm<PriceValues<number>>(
    addMonasteryPujaRequestSchema,
    {
      ...pricingValuesOf(puja.pivot.pricing),
      puja: puja.id,
      cost: puja.pivot.cost,
      plan_kinds: puja.pivot.plan_kinds ?? [],
      plan_schedule: scheduleText(puja.pivot.plan_schedule),
      plan_pay_each: puja.pivot.plan_pay_each ?? false,
    },
    priceChecks,
  );

  const save = form.onSubmit(async (values) => {
    const outcome = await attempt(() => update.mutateAsync({ pivotId: puja.pivot.id, ...priceOf(values) }), {
      success: t('toasts.costUpdated'),
      failure: t('toasts.costUpdateFailed'),
    });
    if (outcome.ok) onSaved();
    else showServerErrors(form, outcome.error);
  });

  return {
    form,
    /** A new cost: the messages about the old one go. */
    setCost: (cost: CostValue) => {
      form.setFieldValue('cost', cost);
      form.clearFieldError('puja');
    },
    submit: (event: FormEvent<HTMLFormElement>) => (update.isPending ? event.preventDefault() : save(event)),
    isSending: update.isPending,
  };
}
