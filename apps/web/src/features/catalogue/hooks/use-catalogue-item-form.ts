import { catalogueItemFieldsSchema } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStaleVersion } from '../../../lib/use-stale-version.ts';
import type { AdminCatalogueItem, CatalogueKind } from '../api/catalogue-item-requests.ts';
import { adminCatalogueQueryKey } from '../api/catalogue-item-requests.ts';
import { useCreateCatalogueItem } from '../api/create-catalogue-item.ts';
import { catalogueItemsQueryOptions } from '../api/get-catalogue-items.ts';
import { useUpdateCatalogueItem } from '../api/update-catalogue-item.ts';
import {
  type CatalogueItemFormValues,
  catalogueItemChecks,
  catalogueItemSubmissionOf,
  EMPTY_CATALOGUE_ITEM_FORM,
  valuesOfItem,
} from '../utils/catalogue-item-form.ts';

/** Where each catalogue's strings live in the admin namespace. */
export const CATALOGUE_STRINGS = { monastery: 'monasteries', puja: 'pujas' } as const;

interface UseCatalogueItemFormOptions {
  kind: CatalogueKind;
  /** The item being edited; without it the form creates one. */
  item?: AdminCatalogueItem | undefined;
  /** After a successful save (the edit modal closes here). */
  onSaved?: () => void;
}

/**
 * The Create and Update forms of monasteries and pujas (docs/product.md#form-rules, §8): the contract's checks before
 * sending, the multipart write, the toasts of docs/product.md#notifications, and the server's field errors by their fields.
 */
export function useCatalogueItemForm({ kind, item, onSaved }: UseCatalogueItemFormOptions) {
  const { t } = useTranslation('admin');
  const strings = CATALOGUE_STRINGS[kind];
  const form = useContractForm<CatalogueItemFormValues>(
    catalogueItemFieldsSchema,
    item ? valuesOfItem(item) : EMPTY_CATALOGUE_ITEM_FORM,
    catalogueItemChecks({
      hasCurrentImage: Boolean(item?.image_path),
      imageRequiredMessage: t('catalogue.imageRequired'),
    }),
  );
  const create = useCreateCatalogueItem(kind);
  const update = useUpdateCatalogueItem(kind);
  const isSaving = create.isPending || update.isPending;
  const queryClient = useQueryClient();
  const versions = useStaleVersion(item?.version);

  /** After a refused stale save: the item as it is now, in the form, and its version for the next save. */
  async function reload() {
    if (!item) return;
    await queryClient.invalidateQueries({ queryKey: adminCatalogueQueryKey(kind) });
    const items = await queryClient.fetchQuery(catalogueItemsQueryOptions(kind));
    const fresh = items.find((row) => row.id === item.id);
    if (!fresh) return;
    form.setValues(valuesOfItem(fresh));
    form.clearErrors();
    versions.reloaded(fresh.version);
  }

  const save = form.onSubmit((values) => {
    const submission = catalogueItemSubmissionOf(values);
    const failed = (title: string) => (error: Error) => {
      if (versions.noticeFrom(error)) return;
      showServerErrors(form, error);
      if (!endedTheSession(error)) {
        notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), { title });
      }
    };
    if (item) {
      update.mutate(
        { ...submission, id: item.id, version: versions.version },
        {
          onSuccess: () => {
            notifySuccess(t(`${strings}.updated`));
            onSaved?.();
          },
          onError: failed(t(`${strings}.updateFailed`)),
        },
      );
    } else {
      create.mutate(submission, {
        onSuccess: () => {
          notifySuccess(t(`${strings}.created`));
          form.reset();
          onSaved?.();
        },
        onError: failed(t(`${strings}.createFailed`)),
      });
    }
  });

  return {
    form,
    submit: (event?: FormEvent<HTMLFormElement>) => (isSaving ? event?.preventDefault() : save(event)),
    /** The picture the item has now (edit only), shown until another is chosen. */
    currentImagePath: item?.image_path ?? null,
    isSaving,
    /** A save refused as made from an old version, and the reload it offers. */
    stale: versions.stale,
    reload,
  };
}

export type CatalogueItemFormState = ReturnType<typeof useCatalogueItemForm>;
