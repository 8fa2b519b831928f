import { MAX_COMPLETION_PHOTOS, MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGABYTES } from '@puja/contract';

/**
 * Which pictures the server takes, checked before anything is uploaded so a wrong file is named at once
 * rather than after a long upload. The server still judges every file by its bytes; these mirror its rules
 * (the contract's upload limit and the formats of the server's `reencodeImage`).
 */
export const MAX_PHOTO_MEGABYTES = MAX_UPLOAD_MEGABYTES;
export const MAX_PHOTO_BYTES = MAX_UPLOAD_BYTES;

/** Each photo type and the file name endings a browser may leave untyped (HEIC often arrives so). */
export const PHOTO_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

/** The file dialog's filter (`accept`): the types and their endings. */
export const PHOTO_ACCEPT = Object.entries(PHOTO_TYPES).flat(2).join(',');

/** Browsers say this when they do not know a file's type; then its name decides. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

export function isAcceptedPhoto(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type in PHOTO_TYPES) return true;
  if (!UNKNOWN_TYPES.has(type)) return false;
  const name = file.name.toLowerCase();
  return Object.values(PHOTO_TYPES).some((endings) => endings.some((ending) => name.endsWith(ending)));
}

export type PhotoProblemReason = 'wrongType' | 'tooLarge' | 'tooMany';

export interface PhotoProblem {
  fileName: string;
  reason: PhotoProblemReason;
}

/** Why one picture cannot be uploaded, if it cannot. */
export function problemOfPhoto(file: File): PhotoProblemReason | null {
  if (!isAcceptedPhoto(file)) return 'wrongType';
  if (file.size > MAX_PHOTO_BYTES) return 'tooLarge';
  return null;
}

/**
 * Adds newly chosen files to those already chosen: the good ones while there is room, and the reason for
 * every file left out. The same file chosen twice is kept once.
 */
export function addPhotos(
  current: readonly File[],
  added: readonly File[],
  max = MAX_COMPLETION_PHOTOS,
): { photos: File[]; problems: PhotoProblem[] } {
  const photos = [...current];
  const problems: PhotoProblem[] = [];
  const isChosen = (file: File) =>
    photos.some(
      (chosen) =>
        chosen.name === file.name && chosen.size === file.size && chosen.lastModified === file.lastModified,
    );
  for (const file of added) {
    const reason = problemOfPhoto(file) ?? (photos.length >= max ? 'tooMany' : null);
    if (reason) problems.push({ fileName: file.name, reason });
    else if (!isChosen(file)) photos.push(file);
  }
  return { photos, problems };
}
