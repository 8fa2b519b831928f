import type { PujaWithPivot } from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMonasteryPujaCost } from '../api/update-monastery-puja-cost.ts';
import { fieldErrorsOf } from '../utils/failures.ts';
import { type CostValue, checkPrice, PRICE_FIELDS, type PriceErrors } from '../utils/puja-forms.ts';
import { useAttempt } from './use-attempt.ts';

/** The price of a catalogue puja the monastery offers (SPEC §5: cost required and numeric). */
export function useCostForm(puja: PujaWithPivot, onSaved: () => void) {
  const { t } = useTranslation('monastery-dashboard');
  const attempt = useAttempt();
  const update = useUpdateMonasteryPujaCost();
  const [cost, setCostValue] = useState<CostValue>(puja.pivot.cost);
  const [errors, setErrors] = useState<PriceErrors>({});

  function setCost(value: CostValue) {
    setCostValue(value);
    setErrors({});
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const check = checkPrice(puja.id, cost);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    const outcome = await attempt(() => update.mutateAsync({ pivotId: puja.pivot.id, ...check.price }), {
      success: t('toasts.costUpdated'),
      failure: t('toasts.costUpdateFailed'),
    });
    if (outcome.ok) onSaved();
    else setErrors(fieldErrorsOf(outcome.error, PRICE_FIELDS));
  }

  return { cost, setCost, errors, submit, isSending: update.isPending };
}
