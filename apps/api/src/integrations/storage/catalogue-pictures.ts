import { createHash } from 'node:crypto';
import type { FileStorage } from './file-storage.ts';
import { reencodeImage } from './image-processing.ts';

/**
 * A monastery's or puja's picture: checked, re-encoded, stored publicly under a content-hashed name.
 * `beforeSaving` runs once the picture is known to be good and before it is stored: a check that may
 * still refuse the change (a name in use), so a refused change stores nothing.
 */
export async function storeCataloguePicture(
  storage: FileStorage,
  upload: unknown,
  slug: string,
  beforeSaving: () => Promise<void> = async () => {},
): Promise<string> {
  const picture = await reencodeImage(upload, 1600);
  await beforeSaving();
  const hash = createHash('sha256').update(picture.bytes).digest('hex').slice(0, 12);
  return storage.savePublic(`catalogue/${slug}-${hash}.webp`, picture.bytes);
}
