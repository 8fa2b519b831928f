import type { PujaWithPivot } from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateSpecialPuja } from '../api/create-special-puja.ts';
import type { SpecialPuja } from '../api/special-puja-fields.ts';
import { useUpdateSpecialPuja } from '../api/update-special-puja.ts';
import { fieldErrorsOf } from '../utils/failures.ts';
import { MAX_PHOTO_MEGABYTES } from '../utils/photo-rules.ts';
import {
  checkSpecialPuja,
  EMPTY_SPECIAL_PUJA,
  SPECIAL_PUJA_FIELDS,
  type SpecialPujaErrors,
  type SpecialPujaValues,
} from '../utils/puja-forms.ts';
import { type ActionOutcome, useAttempt } from './use-attempt.ts';

export interface SpecialPujaFormState {
  values: SpecialPujaValues;
  setValue: <Field extends keyof SpecialPujaValues>(field: Field, value: SpecialPujaValues[Field]) => void;
  errors: SpecialPujaErrors;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  isSending: boolean;
}

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
 * The special puja form (SPEC §5: name, image, description, status and cost required). Without `editing`
 * it creates one and empties itself; with it, it edits that puja and keeps its picture unless a new one
 * is chosen.
 */
export function useSpecialPujaForm(editing?: PujaWithPivot, onSaved?: () => void): SpecialPujaFormState {
  const { t } = useTranslation('monastery-dashboard');
  const attempt = useAttempt();
  const create = useCreateSpecialPuja();
  const update = useUpdateSpecialPuja();
  const [values, setValues] = useState<SpecialPujaValues>(editing ? valuesOf(editing) : EMPTY_SPECIAL_PUJA);
  const [errors, setErrors] = useState<SpecialPujaErrors>({});
  const isSending = create.isPending || update.isPending;

  function setValue<Field extends keyof SpecialPujaValues>(field: Field, value: SpecialPujaValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function save(puja: SpecialPuja): Promise<ActionOutcome> {
    return editing
      ? attempt(() => update.mutateAsync({ pivotId: editing.pivot.id, ...puja }), {
          success: t('toasts.specialUpdated'),
          failure: t('toasts.specialUpdateFailed'),
        })
      : attempt(() => create.mutateAsync(puja), {
          success: t('toasts.specialCreated'),
          failure: t('toasts.specialCreateFailed'),
        });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const check = checkSpecialPuja(values, !editing, {
      required: t('specialForm.imageRequired'),
      wrongType: t('specialForm.imageWrongType'),
      tooLarge: t('specialForm.imageTooLarge', { size: MAX_PHOTO_MEGABYTES }),
    });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    const outcome = await save(check.puja);
    if (!outcome.ok) {
      setErrors(fieldErrorsOf(outcome.error, SPECIAL_PUJA_FIELDS));
      return;
    }
    if (!editing) {
      setValues(EMPTY_SPECIAL_PUJA);
      setErrors({});
    }
    onSaved?.();
  }

  return { values, setValue, errors, submit, isSending };
}
