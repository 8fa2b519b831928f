import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import imageFallbackUrl from '../assets/image-fallback.svg';
import { PICTURE_SIZES, picturePreloadLink, pictureSources } from '../lib/picture-sources.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

const PICTURE = '/uploads/catalogue/kopan-monastery-0123456789ab.webp';
const VARIANTS = '/images/catalogue/kopan-monastery-0123456789ab.webp';
const WIDTHS = [320, 480, 640, 800, 960, 1280, 1600];
const srcSet = (format: string) =>
  WIDTHS.map((width) => `${VARIANTS}/${width}.${format} ${width}w`).join(', ');

/** The markup as the server sends it (no effects run), parsed back to elements. */
function serverMarkup(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(element);
  return container;
}

describe('ResponsivePicture', () => {
  it('offers AVIF, then WebP, at every width, sized, and waiting until scrolled to', () => {
    const markup = serverMarkup(
      <ResponsivePicture src={PICTURE} alt="Kopan Monastery" sizes={PICTURE_SIZES.card} height={180} />,
    );
    const picture = markup.querySelector('picture')!;
    const [source, ...otherSources] = picture.querySelectorAll('source');
    expect(otherSources).toEqual([]);
    expect(source!.getAttribute('type')).toBe('image/avif');
    expect(source!.getAttribute('srcset')).toBe(srcSet('avif'));
    expect(source!.getAttribute('sizes')).toBe(PICTURE_SIZES.card);

    const image = picture.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(`${VARIANTS}/640.webp`);
    expect(image.getAttribute('srcset')).toBe(srcSet('webp'));
    expect(image.getAttribute('sizes')).toBe(PICTURE_SIZES.card);
    expect(image.getAttribute('alt')).toBe('Kopan Monastery');
    expect(image.getAttribute('width')).toBe('320');
    expect(image.getAttribute('height')).toBe('180');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.hasAttribute('fetchpriority')).toBe(false);
    // The page's CSP refuses style attributes in server-rendered HTML.
    expect(markup.querySelector('[style]')).toBeNull();
  });

  it('fetches the page’s largest picture at once and first', () => {
    const image = serverMarkup(
      <ResponsivePicture
        src={PICTURE}
        alt="Kopan Monastery"
        sizes={PICTURE_SIZES.cover}
        height={300}
        priority
      />,
    ).querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('height')).toBe('300');
  });

  it('shows the drawn stand-in when there is no picture, and when the picture fails to load', () => {
    const { rerender } = render(
      <ResponsivePicture src={null} alt="Tara Puja" sizes={PICTURE_SIZES.card} height={180} />,
    );
    expect(screen.getByRole('img', { name: 'Tara Puja' }).getAttribute('src')).toBe(imageFallbackUrl);

    rerender(<ResponsivePicture src={PICTURE} alt="Tara Puja" sizes={PICTURE_SIZES.card} height={180} />);
    const image = screen.getByRole('img', { name: 'Tara Puja' });
    expect(image.getAttribute('srcset')).toBe(srcSet('webp'));
    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: 'Tara Puja' });
    expect(fallback.getAttribute('src')).toBe(imageFallbackUrl);
    expect(fallback.hasAttribute('srcset')).toBe(false);
    expect(fallback.closest('picture')).toBeNull();
  });
});

describe('picturePreloadLink', () => {
  it('names the same AVIF files and sizes the <picture> will choose from', () => {
    const sources = pictureSources(PICTURE, PICTURE_SIZES.cover)!;
    expect(picturePreloadLink(PICTURE, PICTURE_SIZES.cover)).toEqual({
      rel: 'preload',
      as: 'image',
      type: 'image/avif',
      imageSrcSet: sources.sources[0]!.srcSet,
      imageSizes: PICTURE_SIZES.cover,
      fetchPriority: 'high',
    });
  });

  it('has nothing to preload for a page without a stored picture', () => {
    expect(picturePreloadLink(null, PICTURE_SIZES.cover)).toBeUndefined();
    expect(picturePreloadLink('https://elsewhere.example/x.webp', PICTURE_SIZES.cover)).toBeUndefined();
  });
});
