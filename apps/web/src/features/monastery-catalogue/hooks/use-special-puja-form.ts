import { type PujaWithPivot, specialPujaFieldsSchema } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translationValuesOf } from '../../../lib/catalogue-translation-values.ts';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { MAX_PHOTO_MEGABYTES } from '../../../lib/photo-rules.ts';
import { type ActionOutcome, useAttempt } from '../../../lib/use-attempt.ts';
import { useStaleVersion } from '../../../lib/use-stale-version.ts';
import { useCreateSpecialPuja } from '../api/create-special-puja.ts';
import { specialPujaQueryOptions } from '../api/get-special-puja.ts';
import { useUpdateSpecialPuja } from '../api/update-special-puja.ts';
import {
  EMPTY_SPECIAL_PUJA,
  pricingValuesOf,
  type SpecialPujaValues,
  scheduleText,
  specialPujaChecks,
  specialPujaOf,
} from '../utils/puja-forms.ts';

function valuesOf(puja: PujaWithPivot): SpecialPujaValues {
  return {
    ...translationValuesOf(puja),
    ...pricingValuesOf(puja.pivot.pricing),
    name: puja.name,
    description: puja.description,
    status: puja.status === 1 ? '1' : '0',
    cost: puja.pivot.cost,
    plan_kinds: puja.pivot.plan_kinds ?? [],
    plan_schedule: scheduleText(puja.pivot.plan_schedule),
    plan_pay_each: puja.pivot.plan_pay_each ?? false,
    image: null,
  };
}

/**
 * The special puja form (docs/product.md#form-rules: name, image, description, status and cost required). Without `editing`
 * it creates one and empties itself; with it, it edits that puja and keeps its picture unless a new one
 * is chosen, sending the version it was opened at: a save after someone else's is refused (409) and the
 * form offers to reload it (docs/decisions/040).
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
  const versions = useStaleVersion(editing?.version);
  const queryClient = useQueryClient();

  /** After a refused stale save: the puja as stored now, in the form, and its version for the next save. */
  async function reload() {
    if (!editing) return;
    const fresh = await queryClient.fetchQuery(specialPujaQueryOptions(editing.pivot.id));
    form.setValues(valuesOf(fresh.selectedPuja));
    form.clearErrors();
    versions.reloaded(fresh.selectedPuja.version);
  }

  /** The edit: a stale refusal shows the alert (no toast); other failures the toast as elsewhere. */
  async function saveEdit(pivotId: number, puja: ReturnType<typeof specialPujaOf>): Promise<ActionOutcome> {
    try {
      await update.mutateAsync({ pivotId, ...puja, version: versions.version });
    } catch (error) {
      if (!versions.noticeFrom(error) && !endedTheSession(error)) {
        notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
          title: t('toasts.specialUpdateFailed'),
        });
      }
      return { ok: false, error };
    }
    notifySuccess(t('toasts.specialUpdated'));
    return { ok: true };
  }

  const save = form.onSubmit(async (values) => {
    const puja = specialPujaOf(values);
    const outcome = editing
      ? await saveEdit(editing.pivot.id, puja)
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
    /** A save refused as made from an old version, and the reload it offers (edit only). */
    stale: versions.stale,
    reload,
  };
}

export type SpecialPujaFormState = ReturnType<typeof useSpecialPujaForm>;
