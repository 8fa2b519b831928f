import { useState } from 'react';
import imageFallbackUrl from '../assets/image-fallback.svg';
import { pictureSources } from '../lib/picture-sources.ts';
import classes from './responsive-picture.module.css';

interface ResponsivePictureProps {
  /** A stored picture's path (`/uploads/…`), or null when there is none. */
  src: string | null;
  alt: string;
  /** How wide the picture is shown, for the browser to pick a file (lib/picture-sources.ts PICTURE_SIZES). */
  sizes: string;
  /** The box's height in CSS pixels: the picture fills the width and is cropped to this height. */
  height: number;
  /**
   * The page's largest picture (the LCP element): fetched at once and before other pictures. Every other
   * picture waits until it is about to be scrolled to.
   */
  priority?: boolean;
}

/**
 * A catalogue picture as the fastest sites send one (docs/decisions/021): `<picture>` with AVIF first and
 * WebP in the `<img>`, each at several widths so a phone fetches a phone-sized file. `width` and `height`
 * give the browser the box before any byte arrives (no layout shift); the box is always the full width at
 * a fixed height, cropped, as the cards and page headers have always shown pictures. With no picture, or
 * one that fails to load, a drawn stupa stands in.
 */
export function ResponsivePicture({ src, alt, sizes, height, priority = false }: ResponsivePictureProps) {
  const [failed, setFailed] = useState(false);
  const sources = failed ? undefined : pictureSources(src, sizes);
  // `height` sets the box's height itself (an attribute is a presentational hint, and the page's CSP
  // refuses style attributes in server-rendered HTML); the style sheet makes it full width. `width` gives
  // the browser a 16:9 proportion before the style sheet arrives.
  const box = {
    className: classes.picture,
    width: Math.round(height * (16 / 9)),
    height,
    loading: priority ? 'eager' : 'lazy',
  } as const;

  if (!sources) {
    return (
      <img
        {...box}
        alt={alt}
        src={failed || !src ? imageFallbackUrl : src}
        decoding="async"
        onError={failed ? undefined : () => setFailed(true)}
      />
    );
  }
  return (
    <picture>
      {sources.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sources.sizes} />
      ))}
      <img
        {...box}
        alt={alt}
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.sizes}
        fetchPriority={priority ? 'high' : undefined}
        // The largest picture is decoded with the paint it arrives for, so it shows in the page's first
        // paint instead of a later frame that waits for the scripts (Lighthouse's LCP render delay).
        decoding={priority ? 'sync' : 'async'}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
