import { addMonasteryPujaRequestSchema } from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useAddMonasteryPuja } from '../api/add-monastery-puja.ts';
import { EMPTY_PRICE, type PriceValues, priceChecks, priceOf } from '../utils/puja-forms.ts';

/** The Add Puja form (docs/product.md#staff-pujas, §5): a catalogue puja and the monastery's price for it, both required. */
export function useAddPujaForm() {
  const { t } = useTranslation('staff');
  const attempt = useAttempt();
  const add = useAddMonasteryPuja();
  const form = useContractForm<PriceValues>(addMonasteryPujaRequestSchema, EMPTY_PRICE, priceChecks);

  const save = form.onSubmit(async (values) => {
    const outcome = await attempt(() => add.mutateAsync(priceOf(values)), {
      success: t('toasts.pujaAdded'),
      failure: t('toasts.pujaAddFailed'),
    });
    if (outcome.ok) form.reset();
    else showServerErrors(form, outcome.error);
  });

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) => (add.isPending ? event.preventDefault() : save(event)),
    isSending: add.isPending,
  };
}
