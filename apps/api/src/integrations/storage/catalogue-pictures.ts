import { createHash } from 'node:crypto';
import type { FileStorage } from './file-storage.ts';
import { reencodeImage } from './image-processing.ts';

/** A monastery's or puja's picture: checked, re-encoded, stored publicly under a content-hashed name. */
export async function storeCataloguePicture(
  storage: FileStorage,
  upload: unknown,
  slug: string,
): Promise<string> {
  const picture = await reencodeImage(upload, 1600);
  const hash = createHash('sha256').update(picture.bytes).digest('hex').slice(0, 12);
  return storage.savePublic(`catalogue/${slug}-${hash}.webp`, picture.bytes);
}
