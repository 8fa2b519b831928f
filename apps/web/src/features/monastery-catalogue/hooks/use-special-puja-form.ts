import { type PujaWithPivot, specialPujaFieldsSchema } from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { MAX_PHOTO_MEGABYTES } from '../../../lib/photo-rules.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useCreateSpecialPuja } from '../api/create-special-puja.ts';
import { useUpdateSpecialPuja } from '../api/update-special-puja.ts';
import {
  EMPTY_SPECIAL_PUJA,
  type SpecialPujaValues,
  specialPujaChecks,
  specialPujaOf,
} from '../utils/puja-forms.ts';

function valuesOf(puja: PujaWithPivot): SpecialPujaValues {
  return {
    name: puja.name,
    description: puja.description,
    status: puja.status === 1 ? '1' : '0',
    cost: puja.pivot.cost,
    image: null,
  };
}

/**
 * The special puja form (docs/product.md#form-rules: name, image, description, status and cost required). Without `editing`
 * it creates one and empties itself; with it, it edits that puja and keeps its picture unless a new one
 * is chosen.
 */
export function useSpecialPujaForm(editing?: PujaWithPivot, onSaved?: () => void) {
  const { t } = useTranslation('staff');
  const attempt = useAttempt();
  const create = useCreateSpecialPuja();
  const update = useUpdateSpecialPuja();
  const form = useContractForm<SpecialPujaValues>(
    specialPujaFieldsSchema,
    editing ? valuesOf(editing) : EMPTY_SPECIAL_PUJA,
    specialPujaChecks(!editing, {
      required: t('specialForm.imageRequired'),
      wrongType: t('specialForm.imageWrongType'),
      tooLarge: t('specialForm.imageTooLarge', { size: MAX_PHOTO_MEGABYTES }),
    }),
  );
  const isSending = create.isPending || update.isPending;

  const save = form.onSubmit(async (values) => {
    const puja = specialPujaOf(values);
    const outcome = editing
      ? await attempt(() => update.mutateAsync({ pivotId: editing.pivot.id, ...puja }), {
          success: t('toasts.specialUpdated'),
          failure: t('toasts.specialUpdateFailed'),
        })
      : await attempt(() => create.mutateAsync(puja), {
          success: t('toasts.specialCreated'),
          failure: t('toasts.specialCreateFailed'),
        });
    if (!outcome.ok) {
      showServerErrors(form, outcome.error);
      return;
    }
    if (!editing) form.reset();
    onSaved?.();
  });

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) => (isSending ? event.preventDefault() : save(event)),
    isSending,
  };
}

export type SpecialPujaFormState = ReturnType<typeof useSpecialPujaForm>;
