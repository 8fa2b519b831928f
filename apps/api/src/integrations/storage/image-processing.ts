import { PICTURE_FORMATS, UNKNOWN_FILE_TYPES } from '@puja/contract';
import sharp from 'sharp';
import { apiMessage } from '../../api-messages/api-messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { UploadedFile } from '../../lib/uploaded-file.ts';

/**
 * Every uploaded picture is judged by its bytes (never its name or declared type) and re-encoded: what
 * comes out is a fresh WebP with no EXIF, GPS or anything hidden, at a sensible size. A file that does not
 * decode as a photo, or decodes to something absurd (a decompression bomb), is refused. The formats taken
 * are the contract's PICTURE_FORMATS, the list the web app's pickers filter by too.
 */
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set(Object.keys(PICTURE_FORMATS));
export const MAX_IMAGE_PIXELS = 50_000_000;
export const NOT_AN_IMAGE_MESSAGE = 'Each file must be a photo (JPEG, PNG, WebP or HEIC).';

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** The types a browser may declare for each format sharp recognises. */
const DECLARED_TYPES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(PICTURE_FORMATS).map(([format, { types }]) => [format, types]),
);

/**
 * Markup or code inside a picture is the mark of a polyglot file (valid as an image and as something a
 * browser or server might run). Compressed pixels do not spell these by chance.
 */
const HIDDEN_MARKUP = /<(script|html|svg|iframe|object|embed|\?php|!doctype)|javascript:/i;

export async function reencodeImage(upload: unknown, maxDimension = 2000): Promise<ProcessedImage> {
  if (!(upload instanceof UploadedFile) || upload.bytes.length === 0)
    throw new AppError('invalidInput', NOT_AN_IMAGE_MESSAGE);
  const input = upload.bytes;
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()).format;
  } catch {
    throw new AppError('invalidInput', NOT_AN_IMAGE_MESSAGE);
  }
  if (!format || !ACCEPTED_IMAGE_FORMATS.has(format))
    throw new AppError('invalidInput', NOT_AN_IMAGE_MESSAGE);
  const declared = upload.declaredType.toLowerCase();
  if (!UNKNOWN_FILE_TYPES.includes(declared) && !DECLARED_TYPES[format]?.includes(declared)) {
    throw new AppError(
      'invalidInput',
      upload.fileName
        ? apiMessage('namedFileMislabelled', {
            file: upload.fileName,
            type: declared,
            format: format.toUpperCase(),
          })
        : apiMessage('fileMislabelled', { type: declared, format: format.toUpperCase() }),
    );
  }
  if (HIDDEN_MARKUP.test(input.toString('latin1'))) {
    throw new AppError(
      'invalidInput',
      upload.fileName
        ? apiMessage('namedFileNotOnlyPicture', { file: upload.fileName })
        : apiMessage('fileNotOnlyPicture', {}),
    );
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .rotate() // apply the camera's orientation before the EXIF that carries it is dropped
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch {
    throw new AppError('invalidInput', NOT_AN_IMAGE_MESSAGE);
  }
}
