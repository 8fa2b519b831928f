/**
 * The pictures the server takes (every upload is judged by its bytes and re-encoded to WebP:
 * apps/api/src/integrations/storage/image-processing.ts), by the format its decoder names: the media types
 * a browser may declare for each, and the file name endings that decide when a browser declares none
 * (HEIC often arrives so). AVIF decodes as `heif`. The web app's pickers and checks use the same list.
 *
 * A module of its own: only the back office and the server need it, so it stays out of the home page's
 * JavaScript.
 */
export const PICTURE_FORMATS = {
  jpeg: { types: ['image/jpeg', 'image/jpg', 'image/pjpeg'], endings: ['.jpg', '.jpeg'] },
  png: { types: ['image/png'], endings: ['.png'] },
  webp: { types: ['image/webp'], endings: ['.webp'] },
  heif: {
    types: ['image/heic', 'image/heif', 'image/avif', 'image/heic-sequence', 'image/heif-sequence'],
    endings: ['.heic', '.heif', '.avif'],
  },
  gif: { types: ['image/gif'], endings: ['.gif'] },
  tiff: { types: ['image/tiff'], endings: ['.tif', '.tiff'] },
} as const satisfies Record<string, { types: readonly string[]; endings: readonly string[] }>;

/** Each accepted media type with the file name endings of its format, as a file picker's filter takes it. */
export const PICTURE_TYPES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.values(PICTURE_FORMATS).flatMap(({ types, endings }) => types.map((type) => [type, endings])),
);

/** The `accept` of a file input: every accepted type and ending. */
export const PICTURE_ACCEPT = [
  ...new Set(Object.values(PICTURE_FORMATS).flatMap(({ types, endings }) => [...types, ...endings])),
].join(',');

/** What browsers declare for a file whose type they do not know: it claims nothing, and its name decides. */
export const UNKNOWN_FILE_TYPES: readonly string[] = ['', 'application/octet-stream'];

/**
 * Whether a chosen file looks like a picture the server takes: by its declared type, or by its name when
 * it declares none. The server still judges every upload by its bytes.
 */
export function isAcceptedPicture(file: { type: string; name: string }): boolean {
  const type = file.type.toLowerCase();
  if (Object.hasOwn(PICTURE_TYPES, type)) return true;
  if (!UNKNOWN_FILE_TYPES.includes(type)) return false;
  const name = file.name.toLowerCase();
  return Object.values(PICTURE_FORMATS).some(({ endings }) =>
    endings.some((ending) => name.endsWith(ending)),
  );
}
