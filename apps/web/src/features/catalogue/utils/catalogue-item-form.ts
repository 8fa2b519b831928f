import { type CatalogueStatus, catalogueItemFieldsSchema } from '@puja/contract';
import {
  type CatalogueTranslationValues,
  EMPTY_TRANSLATIONS,
  translationFieldsOf,
  translationValuesOf,
} from '../../../lib/catalogue-translation-values.ts';
import type { FormChecks } from '../../../lib/contract-form.ts';

/**
 * The monastery and puja form (docs/product.md#form-rules: name, image, description and status required, also on edit).
 * The field rules are the contract's `catalogueItemFieldsSchema`, the one the server validates with; the
 * picture is required when there is none yet, as the server decides (docs/api.md: optional on edit if one
 * exists).
 */

export type CatalogueItemFormValues = CatalogueTranslationValues & {
  name: string;
  description: string;
  /** As the status radio gives it: '1' open, '0' closed. */
  status: '0' | '1';
  /** A newly chosen picture; on edit, null keeps the current one. */
  image: File | null;
};

/** docs/product.md#catalogue-status-and-removal: a new monastery or puja is open unless chosen otherwise. */
export const EMPTY_CATALOGUE_ITEM_FORM: CatalogueItemFormValues = Object.freeze({
  ...EMPTY_TRANSLATIONS,
  name: '',
  description: '',
  status: '1',
  image: null,
});

export function valuesOfItem(
  item: {
    name: string;
    description: string;
    status: CatalogueStatus;
  } & Parameters<typeof translationValuesOf>[0],
): CatalogueItemFormValues {
  return {
    ...translationValuesOf(item),
    name: item.name,
    description: item.description,
    status: item.status === 1 ? '1' : '0',
    image: null,
  };
}

/** The checks besides the schema's: a picture when the item has none yet. */
export function catalogueItemChecks(options: {
  hasCurrentImage: boolean;
  imageRequiredMessage: string;
}): FormChecks<CatalogueItemFormValues> {
  return {
    refine: (values, errors) =>
      !values.image && !options.hasCurrentImage ? { ...errors, image: options.imageRequiredMessage } : errors,
  };
}

/** What is sent: the contract's checked fields, and the picture when one was chosen. */
export interface CatalogueItemSubmission extends CatalogueTranslationValues {
  name: string;
  description: string;
  status: CatalogueStatus;
  image?: File | undefined;
}

/** The submission of values the form has checked. */
export function catalogueItemSubmissionOf(values: CatalogueItemFormValues): CatalogueItemSubmission {
  const { name, description, status } = catalogueItemFieldsSchema.parse(values);
  return { name, description, ...translationFieldsOf(values), status, image: values.image ?? undefined };
}
