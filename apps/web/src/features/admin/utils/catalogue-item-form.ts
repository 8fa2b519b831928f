import { type CatalogueStatus, catalogueItemFieldsSchema } from '@puja/contract';
import { type FieldErrors, fieldErrorsOfIssues } from './field-errors.ts';

/**
 * The monastery and puja form (SPEC §5: name, image, description and status required, also on edit).
 * The field rules are the contract's `catalogueItemFieldsSchema`, the one the server validates with; the
 * picture is required when there is none yet, as the server decides (API.md: optional on edit if one
 * exists).
 */

export const CATALOGUE_ITEM_FIELDS = ['name', 'description', 'status', 'image'] as const;
export type CatalogueItemField = (typeof CATALOGUE_ITEM_FIELDS)[number];
export type CatalogueItemErrors = FieldErrors<CatalogueItemField>;

export interface CatalogueItemFormValues {
  name: string;
  description: string;
  /** As the status radio gives it: '1' open, '0' closed. */
  status: '0' | '1';
  /** A newly chosen picture; on edit, null keeps the current one. */
  image: File | null;
}

/** SPEC §4: a new monastery or puja is open unless chosen otherwise. */
export const EMPTY_CATALOGUE_ITEM_FORM: CatalogueItemFormValues = Object.freeze({
  name: '',
  description: '',
  status: '1',
  image: null,
});

export function valuesOfItem(item: {
  name: string;
  description: string;
  status: CatalogueStatus;
}): CatalogueItemFormValues {
  return {
    name: item.name,
    description: item.description,
    status: item.status === 1 ? '1' : '0',
    image: null,
  };
}

/** What is sent: the contract's checked fields, and the picture when one was chosen. */
export interface CatalogueItemSubmission {
  name: string;
  description: string;
  status: CatalogueStatus;
  image?: File | undefined;
}

export type CatalogueItemCheck =
  | { ok: true; item: CatalogueItemSubmission }
  | { ok: false; errors: CatalogueItemErrors };

export function checkCatalogueItemForm(
  values: CatalogueItemFormValues,
  options: { hasCurrentImage: boolean; imageRequiredMessage: string },
): CatalogueItemCheck {
  const parsed = catalogueItemFieldsSchema.safeParse({
    name: values.name,
    description: values.description,
    status: values.status,
    image: values.image ?? undefined,
  });
  const errors = fieldErrorsOfIssues(parsed.error?.issues ?? [], CATALOGUE_ITEM_FIELDS);
  if (!values.image && !options.hasCurrentImage) errors.image = options.imageRequiredMessage;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    item: {
      name: parsed.data.name,
      description: parsed.data.description,
      status: parsed.data.status,
      image: values.image ?? undefined,
    },
  };
}
