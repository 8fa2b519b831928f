import {
  isAcceptedPicture,
  MAX_COMPLETION_PHOTOS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MEGABYTES,
} from '@puja/contract';

/**
 * Which pictures the server takes, checked before anything is uploaded so a wrong file is named at once
 * rather than after a long upload. The server still judges every file by its bytes; these are its rules
 * (the contract's upload limit and its PICTURE_FORMATS, the formats the server's `reencodeImage` takes).
 */
export const MAX_PHOTO_MEGABYTES = MAX_UPLOAD_MEGABYTES;
export const MAX_PHOTO_BYTES = MAX_UPLOAD_BYTES;

export type PhotoProblemReason = 'wrongType' | 'tooLarge' | 'tooMany';

export interface PhotoProblem {
  fileName: string;
  reason: PhotoProblemReason;
}

/**
 * Why one picture cannot be uploaded, if it cannot. Its type is the contract's rule (`isAcceptedPicture`:
 * by its declared type, or by its name when untyped); the file dialog is filtered by PICTURE_ACCEPT, a
 * dropped file only here.
 */
export function problemOfPhoto(file: File): PhotoProblemReason | null {
  if (!isAcceptedPicture(file)) return 'wrongType';
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
