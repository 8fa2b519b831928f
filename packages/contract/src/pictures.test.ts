import { describe, expect, it } from 'vitest';
import { isAcceptedPicture, PICTURE_ACCEPT, PICTURE_TYPES } from './pictures.ts';

describe('the pictures the server takes', () => {
  it('takes every type a browser declares for a format the server decodes', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/heic', 'image/avif']) {
      expect(isAcceptedPicture({ type, name: 'photo' }), type).toBe(true);
    }
    for (const type of ['image/gif', 'image/tiff']) {
      expect(isAcceptedPicture({ type, name: 'photo' }), type).toBe(true);
    }
  });

  it('judges an untyped file by its name, and a typed one by its type only', () => {
    expect(isAcceptedPicture({ type: '', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(isAcceptedPicture({ type: 'application/octet-stream', name: 'scan.tif' })).toBe(true);
    expect(isAcceptedPicture({ type: '', name: 'notes.txt' })).toBe(false);
    expect(isAcceptedPicture({ type: 'text/html', name: 'photo.jpg' })).toBe(false);
    expect(isAcceptedPicture({ type: 'image/svg+xml', name: 'drawing.svg' })).toBe(false);
    // A name from Object.prototype is not a type on the list.
    expect(isAcceptedPicture({ type: 'constructor', name: 'photo' })).toBe(false);
  });

  it('filters a file dialog by the same types and their endings', () => {
    const accept = PICTURE_ACCEPT.split(',');
    expect(accept).toEqual(expect.arrayContaining(Object.keys(PICTURE_TYPES)));
    expect(accept).toEqual(
      expect.arrayContaining(['.jpg', '.jpeg', '.png', '.webp', '.heic', '.gif', '.tif']),
    );
  });
});
