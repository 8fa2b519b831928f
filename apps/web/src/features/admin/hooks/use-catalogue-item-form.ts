import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { AdminCatalogueItem, CatalogueKind } from '../api/catalogue-item-requests.ts';
import { useCreateCatalogueItem } from '../api/create-catalogue-item.ts';
import { useUpdateCatalogueItem } from '../api/update-catalogue-item.ts';
import {
  CATALOGUE_ITEM_FIELDS,
  type CatalogueItemErrors,
  type CatalogueItemField,
  type CatalogueItemFormValues,
  checkCatalogueItemForm,
  EMPTY_CATALOGUE_ITEM_FORM,
  valuesOfItem,
} from '../utils/catalogue-item-form.ts';
import { fieldErrorsOfApiError, isSessionEnd, reasonOfFailure } from '../utils/field-errors.ts';

/** Where each catalogue's strings live in the admin namespace. */
export const CATALOGUE_STRINGS = { monastery: 'monasteries', puja: 'pujas' } as const;

export interface CatalogueItemFormState {
  values: CatalogueItemFormValues;
  setValue: <Field extends CatalogueItemField>(field: Field, value: CatalogueItemFormValues[Field]) => void;
  errors: CatalogueItemErrors;
  /** Shows a field's problem found before sending (a refused picture). */
  setError: (field: CatalogueItemField, message: string | undefined) => void;
  /** The picture the item has now (edit only), shown until another is chosen. */
  currentImagePath: string | null;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  isSaving: boolean;
}

interface UseCatalogueItemFormOptions {
  kind: CatalogueKind;
  /** The item being edited; without it the form creates one. */
  item?: AdminCatalogueItem | undefined;
  /** After a successful save (the edit modal closes here). */
  onSaved?: () => void;
}

/**
 * The Create and Update forms of monasteries and pujas (SPEC §5, §8): values, the contract's checks before
 * sending, the multipart write, SPEC §8's toasts, and the server's field errors by their fields.
 */
export function useCatalogueItemForm({
  kind,
  item,
  onSaved,
}: UseCatalogueItemFormOptions): CatalogueItemFormState {
  const { t } = useTranslation('admin');
  const strings = CATALOGUE_STRINGS[kind];
  const [values, setValues] = useState<CatalogueItemFormValues>(() =>
    item ? valuesOfItem(item) : EMPTY_CATALOGUE_ITEM_FORM,
  );
  const [errors, setErrors] = useState<CatalogueItemErrors>({});
  const create = useCreateCatalogueItem(kind);
  const update = useUpdateCatalogueItem(kind);

  const setError = useCallback((field: CatalogueItemField, message: string | undefined) => {
    setErrors((current) => (current[field] === message ? current : { ...current, [field]: message }));
  }, []);

  const setValue = useCallback(
    <Field extends CatalogueItemField>(field: Field, value: CatalogueItemFormValues[Field]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setError(field, undefined);
    },
    [setError],
  );

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (create.isPending || update.isPending) return;
    const check = checkCatalogueItemForm(values, {
      hasCurrentImage: Boolean(item?.image_path),
      imageRequiredMessage: t('catalogue.imageRequired'),
    });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    const failed = (title: string) => (error: Error) => {
      setErrors(fieldErrorsOfApiError(error, CATALOGUE_ITEM_FIELDS));
      if (!isSessionEnd(error)) {
        notifyError(reasonOfFailure(error, t('errors.unexpected', { ns: 'common' })), { title });
      }
    };
    if (item) {
      update.mutate(
        { ...check.item, id: item.id },
        {
          onSuccess: () => {
            notifySuccess(t(`${strings}.updated`));
            onSaved?.();
          },
          onError: failed(t(`${strings}.updateFailed`)),
        },
      );
    } else {
      create.mutate(check.item, {
        onSuccess: () => {
          notifySuccess(t(`${strings}.created`));
          setValues(EMPTY_CATALOGUE_ITEM_FORM);
          onSaved?.();
        },
        onError: failed(t(`${strings}.createFailed`)),
      });
    }
  }

  return {
    values,
    setValue,
    errors,
    setError,
    currentImagePath: item?.image_path ?? null,
    submit,
    isSaving: create.isPending || update.isPending,
  };
}
