import { Image } from '@mantine/core';
import imageFallbackUrl from '../../../assets/image-fallback.svg';

interface CatalogueImageProps {
  src: string | null;
  alt: string;
  height: number;
  /** The first screenful should load at once; cards further down can wait until scrolled to. */
  eager?: boolean;
}

/** A monastery's or puja's picture, or a drawn stupa when it has none or it fails to load. */
export function CatalogueImage({ src, alt, height, eager = false }: CatalogueImageProps) {
  return (
    <Image
      src={src}
      alt={alt}
      h={height}
      fit="cover"
      fallbackSrc={imageFallbackUrl}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
