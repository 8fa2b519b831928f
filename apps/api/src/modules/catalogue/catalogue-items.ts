import { storeCataloguePicture } from '../../integrations/storage/catalogue-pictures.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { slugify, uniqueSlug } from '../../lib/slug.ts';
import type { AuditFields } from '../audit/audit.service.ts';

/**
 * The rules every catalogue item (monastery, puja, special puja) shares: a picture is required when it is
 * created and kept on edit unless a new one is sent; the slug comes from the name once and never changes.
 */
export interface CatalogueItemInput extends CatalogueTranslationsInput {
  name: string;
  description: string;
  status: 0 | 1;
  image?: unknown;
  /** On edit, the version the form was opened at (docs/decisions/040). */
  version?: number | undefined;
}

/** The name and description in Nepali and Chinese, null where none was entered (docs/decisions/049). */
export interface CatalogueTranslationsInput {
  name_ne: string | null;
  name_zh_hant: string | null;
  description_ne: string | null;
  description_zh_hant: string | null;
}

/** The translations' columns from the form's fields. */
export function translationColumns(input: CatalogueTranslationsInput) {
  return {
    nameNe: input.name_ne,
    nameZhHant: input.name_zh_hant,
    descriptionNe: input.description_ne,
    descriptionZhHant: input.description_zh_hant,
  };
}

/** The translations under the API's field names, from a row: what answers and audit entries carry. */
export function translationFields(row: {
  nameNe: string | null;
  nameZhHant: string | null;
  descriptionNe: string | null;
  descriptionZhHant: string | null;
}): CatalogueTranslationsInput {
  return {
    name_ne: row.nameNe,
    name_zh_hant: row.nameZhHant,
    description_ne: row.descriptionNe,
    description_zh_hant: row.descriptionZhHant,
  };
}

const imageRequired = () =>
  new AppError('invalidInput', 'Image is required.', { image: ['Image is required.'] });

/**
 * `refuseTakenName` (a 409 when the name is in use) runs once the input is known to be good (a picture
 * given and readable), so the form's own mistakes are answered first (422), and before the picture is
 * stored, so a refused change stores nothing.
 */
export async function prepareNewItem(
  storage: FileStorage,
  input: CatalogueItemInput,
  slugFallback: string,
  isSlugTaken: (slug: string) => Promise<boolean>,
  refuseTakenName: () => Promise<void>,
) {
  if (input.image === undefined) throw imageRequired();
  const slug = await uniqueSlug(slugify(input.name, slugFallback), isSlugTaken);
  const imagePath = await storeCataloguePicture(storage, input.image, slug, refuseTakenName);
  return {
    slug,
    name: input.name,
    description: input.description,
    ...translationColumns(input),
    status: input.status,
    imagePath,
  };
}

export async function prepareItemUpdate(
  storage: FileStorage,
  input: CatalogueItemInput,
  current: { slug: string; imagePath: string | null },
  refuseTakenName: () => Promise<void>,
) {
  if (input.image === undefined && !current.imagePath) throw imageRequired();
  let imagePath = current.imagePath;
  if (input.image === undefined) await refuseTakenName();
  else imagePath = await storeCataloguePicture(storage, input.image, current.slug, refuseTakenName);
  return {
    name: input.name,
    description: input.description,
    ...translationColumns(input),
    status: input.status,
    imagePath,
  };
}

/** What an audit entry records of a catalogue item, under the API's field names. */
export function catalogueItemAuditFields(
  row: {
    slug: string;
    name: string;
    description: string;
    status: number;
    imagePath: string | null;
  } & Parameters<typeof translationFields>[0],
): AuditFields {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    ...translationFields(row),
    status: row.status,
    image_path: row.imagePath,
  };
}

/** Whether a failed write broke this unique index (Drizzle wraps PostgreSQL's error as `cause`). */
export function brokeUniqueIndex(error: unknown, index: string): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === index) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** 409 on `field`: a name already in use where names must differ (docs/product.md#catalogue-names). */
export function nameTaken(message: string, field = 'name'): AppError {
  return new AppError('conflict', message, { [field]: [message] });
}
