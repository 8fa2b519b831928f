import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddMonasteryPuja } from '../api/add-monastery-puja.ts';
import { fieldErrorsOf } from '../utils/failures.ts';
import { type CostValue, checkPrice, PRICE_FIELDS, type PriceErrors } from '../utils/puja-forms.ts';
import { useAttempt } from './use-attempt.ts';

/** The Add Puja form (SPEC §2, §5): a catalogue puja and the monastery's price for it, both required. */
export function useAddPujaForm() {
  const { t } = useTranslation('monastery-dashboard');
  const attempt = useAttempt();
  const add = useAddMonasteryPuja();
  const [puja, setPujaValue] = useState<string | null>(null);
  const [cost, setCostValue] = useState<CostValue>('');
  const [errors, setErrors] = useState<PriceErrors>({});

  function setPuja(value: string | null) {
    setPujaValue(value);
    setErrors((current) => ({ ...current, puja: undefined }));
  }

  function setCost(value: CostValue) {
    setCostValue(value);
    setErrors((current) => ({ ...current, cost: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const check = checkPrice(puja, cost);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    const outcome = await attempt(() => add.mutateAsync(check.price), {
      success: t('toasts.pujaAdded'),
      failure: t('toasts.pujaAddFailed'),
    });
    if (outcome.ok) {
      setPujaValue(null);
      setCostValue('');
      setErrors({});
    } else setErrors(fieldErrorsOf(outcome.error, PRICE_FIELDS));
  }

  return { puja, setPuja, cost, setCost, errors, submit, isSending: add.isPending };
}
