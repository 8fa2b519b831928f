import { describe, expect, it } from 'vitest';
import { thumbnailSrc } from './picture-sources.ts';

describe('thumbnailSrc', () => {
  it('names the narrowest WebP of a stored picture instead of its original', () => {
    expect(thumbnailSrc('/uploads/catalogue/kopan-monastery-dbb9117417f6.webp')).toBe(
      '/images/catalogue/kopan-monastery-dbb9117417f6.webp/320.webp',
    );
  });

  it('leaves anything else as it is', () => {
    expect(thumbnailSrc('blob:http://localhost/1234')).toBe('blob:http://localhost/1234');
    expect(thumbnailSrc(null)).toBeNull();
  });
});
