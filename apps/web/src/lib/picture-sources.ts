import {
  PICTURE_VARIANT_TYPES,
  PICTURE_VARIANT_WIDTHS,
  type PictureVariantFormat,
  type PictureVariantWidth,
  pictureVariantPath,
} from '@puja/contract';

/**
 * The `srcset`s of a catalogue picture (docs/decisions/021), pure so the server can use it too: the
 * `<picture>` of ResponsivePicture and the `<link rel="preload">` of a server-rendered page's largest
 * picture must name the same files, or the browser fetches the picture twice.
 */

/**
 * How wide each kind of picture is shown, for `sizes` (Mantine's breakpoints: xs 36em, md 62em, lg 75em;
 * the page is a `Container size="lg"` of 1140px with 16px padding; card grids are 1, 2 then 3 columns
 * with 16px gaps: components/card-grid.tsx).
 */
export const PICTURE_SIZES = {
  card: '(min-width: 75em) 360px, (min-width: 62em) calc((100vw - 64px) / 3), (min-width: 36em) calc((100vw - 48px) / 2), calc(100vw - 32px)',
  cover: '(min-width: 75em) 1108px, calc(100vw - 32px)',
} as const;

/**
 * How many of a card grid's first pictures load at once instead of lazily: on a phone the first card fills
 * the screen's width and the second starts above the fold, and either can be the largest paint.
 */
export const EAGER_PICTURES = 2;

/** The width the plain `src` names, for browsers that read no `srcset` (and crawlers). */
const FALLBACK_WIDTH: PictureVariantWidth = 640;

export interface PictureSources {
  /** Best first: AVIF, then WebP. */
  sources: { type: string; srcSet: string }[];
  /** The `<img>`'s own: WebP. */
  src: string;
  srcSet: string;
  sizes: string;
}

function srcSetOf(imagePath: string, format: PictureVariantFormat): string {
  return PICTURE_VARIANT_WIDTHS.map(
    (width) => `${pictureVariantPath(imagePath, width, format)} ${width}w`,
  ).join(', ');
}

/**
 * A small picture's file (a back office's thumbnail or the picture a form keeps): the narrowest WebP rather
 * than the stored original, which may be 1600 px wide. Anything that is not a stored picture (a preview's
 * `blob:` address) is shown as it is.
 */
export function thumbnailSrc(imagePath: string): string;
export function thumbnailSrc(imagePath: string | null): string | null;
export function thumbnailSrc(imagePath: string | null): string | null {
  return pictureVariantPath(imagePath, PICTURE_VARIANT_WIDTHS[0], 'webp') ?? imagePath;
}

/** A stored picture's variants for `<picture>`; undefined for anything that is not a stored picture. */
export function pictureSources(
  imagePath: string | null | undefined,
  sizes: string,
): PictureSources | undefined {
  const src = pictureVariantPath(imagePath, FALLBACK_WIDTH, 'webp');
  if (!imagePath || !src) return undefined;
  return {
    sources: [{ type: PICTURE_VARIANT_TYPES.avif, srcSet: srcSetOf(imagePath, 'avif') }],
    src,
    srcSet: srcSetOf(imagePath, 'webp'),
    sizes,
  };
}

/**
 * The attributes of `<link rel="preload" as="image">` for a page's largest picture, matching what its
 * `<picture>` will choose. AVIF only: a browser that cannot read AVIF skips a preload of that type and
 * then fetches the WebP the `<picture>` names, and every browser that preloads by `imagesrcset` reads AVIF.
 */
export function picturePreloadLink(
  imagePath: string | null | undefined,
  sizes: string,
):
  | {
      rel: 'preload';
      as: 'image';
      type: string;
      imageSrcSet: string;
      imageSizes: string;
      fetchPriority: 'high';
    }
  | undefined {
  const sources = pictureSources(imagePath, sizes);
  const avif = sources?.sources[0];
  if (!sources || !avif) return undefined;
  return {
    rel: 'preload',
    as: 'image',
    type: avif.type,
    imageSrcSet: avif.srcSet,
    imageSizes: sizes,
    fetchPriority: 'high',
  };
}
