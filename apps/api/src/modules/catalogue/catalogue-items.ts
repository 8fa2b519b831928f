import { storeCataloguePicture } from '../../integrations/storage/catalogue-pictures.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { slugify, uniqueSlug } from '../../lib/slug.ts';
import type { AuditFields } from '../audit/audit.service.ts';

/**
 * The rules every catalogue item (monastery, puja, special puja) shares: a picture is required when it is
 * created and kept on edit unless a new one is sent; the slug comes from the name once and never changes.
 */
export interface CatalogueItemInput {
  name: string;
  description: string;
  status: 0 | 1;
  image?: unknown;
}

const imageRequired = () =>
  new AppError('invalidInput', 'Image is required.', { image: ['Image is required.'] });

export async function prepareNewItem(
  storage: FileStorage,
  input: CatalogueItemInput,
  slugFallback: string,
  isSlugTaken: (slug: string) => Promise<boolean>,
) {
  if (input.image === undefined) throw imageRequired();
  const slug = await uniqueSlug(slugify(input.name, slugFallback), isSlugTaken);
  const imagePath = await storeCataloguePicture(storage, input.image, slug);
  return { slug, name: input.name, description: input.description, status: input.status, imagePath };
}

export async function prepareItemUpdate(
  storage: FileStorage,
  input: CatalogueItemInput,
  current: { slug: string; imagePath: string | null },
) {
  if (input.image === undefined && !current.imagePath) throw imageRequired();
  const imagePath =
    input.image === undefined
      ? current.imagePath
      : await storeCataloguePicture(storage, input.image, current.slug);
  return { name: input.name, description: input.description, status: input.status, imagePath };
}

/** What an audit entry records of a catalogue item, under the API's field names. */
export function catalogueItemAuditFields(row: {
  slug: string;
  name: string;
  description: string;
  status: number;
  imagePath: string | null;
}): AuditFields {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    status: row.status,
    image_path: row.imagePath,
  };
}
