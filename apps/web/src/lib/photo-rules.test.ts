import { isAcceptedPicture, MAX_COMPLETION_PHOTOS, PICTURE_ACCEPT } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { addPhotos, MAX_PHOTO_BYTES, problemOfPhoto } from './photo-rules.ts';

function file(name: string, type: string, size = 100, lastModified = 1) {
  const made = new File(['x'], name, { type, lastModified });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('photo rules', () => {
  it('accepts the photo types the server decodes, and HEIC a browser left untyped', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.heic', 'image/heic'],
      ['a.HEIC', ''],
      ['a.heif', 'application/octet-stream'],
    ]) {
      expect(isAcceptedPicture(file(name!, type!)), name).toBe(true);
    }
  });

  it('refuses other types, whatever the file is named', () => {
    for (const [name, type] of [
      ['a.svg', 'image/svg+xml'],
      ['a.pdf', 'application/pdf'],
      ['a.jpg', 'text/html'],
      ['a.txt', ''],
    ]) {
      expect(problemOfPhoto(file(name!, type!)), name).toBe('wrongType');
    }
  });

  it('refuses a photo over the size limit, not one exactly at it', () => {
    expect(problemOfPhoto(file('a.jpg', 'image/jpeg', MAX_PHOTO_BYTES))).toBeNull();
    expect(problemOfPhoto(file('a.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1))).toBe('tooLarge');
  });

  it('keeps at most the contract’s number of photos, naming each one left out', () => {
    const current = Array.from({ length: MAX_COMPLETION_PHOTOS - 1 }, (_, index) =>
      file(`${index}.jpg`, 'image/jpeg'),
    );
    const result = addPhotos(current, [file('last.png', 'image/png'), file('extra.png', 'image/png')]);

    expect(result.photos).toHaveLength(MAX_COMPLETION_PHOTOS);
    expect(result.photos.at(-1)?.name).toBe('last.png');
    expect(result.problems).toEqual([{ fileName: 'extra.png', reason: 'tooMany' }]);
  });

  it('keeps a file chosen twice once', () => {
    const photo = file('a.jpg', 'image/jpeg');
    const again = file('a.jpg', 'image/jpeg');
    expect(addPhotos([photo], [again]).photos).toEqual([photo]);
    expect(addPhotos([photo], [file('a.jpg', 'image/jpeg', 100, 2)]).photos).toHaveLength(2);
  });

  it('filters the file dialog by type and ending', () => {
    expect(PICTURE_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', '.jpg', '.jpeg', 'image/png', 'image/webp', '.heic']),
    );
  });
});
