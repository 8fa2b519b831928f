/**
 * Catalogue pictures at the sizes pages ask for (docs/decisions/021): a picture stored at
 * `/uploads/{key}` is also served, made from it once and kept, at
 * - `/images/{key}/{width}.{avif|webp}` for each width of PICTURE_VARIANT_WIDTHS (never wider than the
 *   original: a narrower original answers at its own width);
 * - `/images/{key}/og.jpg`, the social card: 1200×630, cropped around what draws the eye, in JPEG because
 *   some link-preview crawlers read nothing else.
 * The server takes exactly these names and no others, and the web app builds its `srcset` from them.
 */
export const PICTURE_VARIANT_WIDTHS = [320, 480, 640, 800, 960, 1280, 1600] as const;
export type PictureVariantWidth = (typeof PICTURE_VARIANT_WIDTHS)[number];

/** Best first: AVIF is the smaller, WebP what every browser reads. */
export const PICTURE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type PictureVariantFormat = (typeof PICTURE_VARIANT_FORMATS)[number];

export const PICTURE_VARIANT_TYPES: Readonly<Record<PictureVariantFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

/** The size Open Graph and Twitter's large card ask for. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/** Variants are made of catalogue pictures, the storage keys under this folder (never of a variant). */
export const PICTURE_VARIANT_ORIGINALS = 'catalogue/';
const UPLOADS_PREFIX = '/uploads/';

/** The storage key of a stored catalogue picture's path (`/uploads/catalogue/x.webp` → `catalogue/x.webp`). */
export function pictureKeyOf(imagePath: string | null | undefined): string | undefined {
  if (!imagePath?.startsWith(UPLOADS_PREFIX + PICTURE_VARIANT_ORIGINALS)) return undefined;
  const key = imagePath.slice(UPLOADS_PREFIX.length);
  return key.length > PICTURE_VARIANT_ORIGINALS.length ? key : undefined;
}

/** `/images/{key}/{width}.{format}`, or undefined when the path is not a stored picture. */
export function pictureVariantPath(
  imagePath: string | null | undefined,
  width: PictureVariantWidth,
  format: PictureVariantFormat,
): string | undefined {
  const key = pictureKeyOf(imagePath);
  return key && `/images/${key}/${width}.${format}`;
}

/** `/images/{key}/og.jpg`: the picture as a 1200×630 JPEG for link previews (prefix it with PUBLIC_URL). */
export function socialCardPath(imagePath: string | null | undefined): string | undefined {
  const key = pictureKeyOf(imagePath);
  return key && `/images/${key}/og.jpg`;
}
