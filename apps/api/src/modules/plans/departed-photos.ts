import { randomBytes } from 'node:crypto';
import type { UrlSigner } from '../../integrations/storage/signed-urls.ts';

/**
 * Where a departed's photo lives and how it is linked (docs/decisions/060): in the private storage area
 * under `departed-photos/{plan}/{random}.webp`, reached only through `/api/departed-photos/{plan}/{random}`
 * signed for 15 minutes. The random part names this photo: once it is replaced or removed, a link to it
 * answers 404 even while its signature lasts.
 */
export function newDepartedPhotoKey(planId: number): string {
  return `departed-photos/${planId}/${randomBytes(16).toString('hex')}.webp`;
}

/** The photo's random part, from its storage key. */
function photoNameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1, -'.webp'.length);
}

export function departedPhotoPath(planId: number, key: string): string {
  return `/api/departed-photos/${planId}/${photoNameOf(key)}`;
}

/** A signed link to the plan's photo, or null when there is none. */
export function departedPhotoUrl(signer: UrlSigner, planId: number, key: string | null): string | null {
  return key ? signer.sign(departedPhotoPath(planId, key)) : null;
}

/** Whether a link's photo name is the plan's current photo (a replaced one's is not). */
export function isCurrentDepartedPhoto(key: string | null, planId: number, photo: string): boolean {
  return key !== null && key === `departed-photos/${planId}/${photo}.webp`;
}
