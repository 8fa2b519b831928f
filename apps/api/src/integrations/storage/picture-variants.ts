import { createHash } from 'node:crypto';
import {
  ERROR_MESSAGES,
  PICTURE_VARIANT_FORMATS,
  PICTURE_VARIANT_ORIGINALS,
  PICTURE_VARIANT_TYPES,
  PICTURE_VARIANT_WIDTHS,
  type PictureVariantFormat,
  type PictureVariantWidth,
  SOCIAL_CARD_SIZE,
} from '@puja/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { type FileStorage, IMMUTABLE_CACHE_CONTROL, isSafeKey } from './file-storage.ts';
import { MAX_IMAGE_PIXELS } from './image-processing.ts';

/**
 * `/images/{key}/{width}.{avif|webp}` and `/images/{key}/og.jpg` (docs/decisions/021): a catalogue
 * picture at the sizes pages ask for, made with sharp from the original the first time anyone asks and
 * stored in the storage's public area beside it (`variants/{key}/{name}`), so the next request, on this
 * instance or another sharing the bucket, only reads it. The original's name is content-hashed, so a
 * variant's address never names other bytes: a year's `immutable` caching, as `/uploads` has.
 *
 * Only names the contract lists are made (its widths, two formats, the social card) and only of stored
 * catalogue pictures; anything else is a 404 before any work. Making is bounded: at most
 * MAX_CONCURRENT_RESIZES pictures at once (a request waits its turn), and concurrent requests for the
 * same variant share one piece of work.
 */

export type PictureVariant =
  | { kind: 'width'; width: PictureVariantWidth; format: PictureVariantFormat }
  | { kind: 'social-card' };

const VARIANTS_FOLDER = 'variants';
const MAX_CONCURRENT_RESIZES = 2;

const WIDTH_NAME = /^(\d{1,5})\.([a-z]+)$/;
const SOCIAL_CARD_NAME = 'og.jpg';
const SOCIAL_CARD_TYPE = 'image/jpeg';

/** `{key}/{name}` from the URL, or undefined when it names nothing this route makes. */
export function parseVariantPath(path: string): { key: string; variant: PictureVariant } | undefined {
  const slash = path.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const key = path.slice(0, slash);
  const name = path.slice(slash + 1);
  if (!key.startsWith(PICTURE_VARIANT_ORIGINALS) || !isSafeKey(key)) return undefined;
  if (name === SOCIAL_CARD_NAME) return { key, variant: { kind: 'social-card' } };
  const match = WIDTH_NAME.exec(name);
  const width = Number(match?.[1]);
  const format = match?.[2];
  if (!PICTURE_VARIANT_WIDTHS.includes(width as PictureVariantWidth)) return undefined;
  if (!PICTURE_VARIANT_FORMATS.includes(format as PictureVariantFormat)) return undefined;
  return {
    key,
    variant: {
      kind: 'width',
      width: width as PictureVariantWidth,
      format: format as PictureVariantFormat,
    },
  };
}

function variantName(variant: PictureVariant): string {
  return variant.kind === 'social-card' ? SOCIAL_CARD_NAME : `${variant.width}.${variant.format}`;
}

function contentTypeOf(variant: PictureVariant): string {
  return variant.kind === 'social-card' ? SOCIAL_CARD_TYPE : PICTURE_VARIANT_TYPES[variant.format];
}

/**
 * The variant's bytes. Widths keep the original's proportions and never enlarge it (a narrower original
 * answers at its own width). The social card is exactly 1200×630, cropped around what draws the eye
 * (sharp's attention strategy), enlarged if it must be: a link preview needs that size.
 */
export async function makePictureVariant(original: Buffer, variant: PictureVariant): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
  if (variant.kind === 'social-card') {
    return image
      .resize({
        width: SOCIAL_CARD_SIZE.width,
        height: SOCIAL_CARD_SIZE.height,
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  }
  const resized = image.resize({ width: variant.width, withoutEnlargement: true });
  // AVIF effort 2 (of 9): a visitor may be waiting. Measured on a seeded picture, effort 4 made files 7–13 %
  // smaller in about ten times the time (1280px: 13.0 KB in 3.5 s against 14.9 KB in 0.4 s on the shared
  // two-core machine); the AVIF is still a tenth smaller than the WebP.
  return variant.format === 'avif'
    ? resized.avif({ quality: 50, effort: 2 }).toBuffer()
    : resized.webp({ quality: 75 }).toBuffer();
}

/** At most `limit` tasks at once; the others wait their turn in order. */
function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The finishing task hands its place straight to the next one, so `running` stays the same.
      if (next) next();
      else running -= 1;
    }
  };
}

type VariantResult = { found: true; bytes: Buffer } | { found: false };

/**
 * The variant of a stored picture: from the storage when it was made before, made and stored otherwise.
 * Not found when the original is missing or cannot be decoded (the caller answers 404).
 */
export function createPictureVariants(
  storage: FileStorage,
  onWarning: (message: string, error?: unknown) => void,
) {
  const limit = concurrencyLimit(MAX_CONCURRENT_RESIZES);
  const inFlight = new Map<string, Promise<VariantResult>>();

  const make = async (key: string, variant: PictureVariant, variantKey: string): Promise<VariantResult> => {
    const stored = await storage.readPublic(variantKey);
    if (stored) return { found: true, bytes: stored };
    const original = await storage.readPublic(key);
    if (!original) return { found: false };
    let bytes: Buffer;
    try {
      bytes = await limit(() => makePictureVariant(original, variant));
    } catch (error) {
      onWarning(`a stored picture could not be resized: ${key}`, error);
      return { found: false };
    }
    // Stored for the next request; a storage that refuses now only costs a resize next time.
    await storage
      .savePublic(variantKey, bytes)
      .catch((error: unknown) => onWarning(`a picture variant could not be stored: ${variantKey}`, error));
    return { found: true, bytes };
  };

  return {
    get(key: string, variant: PictureVariant): Promise<VariantResult> {
      const variantKey = `${VARIANTS_FOLDER}/${key}/${variantName(variant)}`;
      const pending = inFlight.get(variantKey);
      if (pending) return pending;
      const result = make(key, variant, variantKey).finally(() => inFlight.delete(variantKey));
      inFlight.set(variantKey, result);
      return result;
    },
  };
}

/** The `/images/*` route (outside the contract, as `/uploads` is: docs/decisions/014). */
export async function pictureVariantRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const variants = createPictureVariants(options.storage, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: ERROR_MESSAGES.notFound });

  // Files, not API: kept out of the OpenAPI document, as the built web app's files are.
  app.get('/images/*', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseVariantPath((request.params as { '*'?: string })['*'] ?? '');
    if (!parsed) return notFound(reply);
    const result = await variants.get(parsed.key, parsed.variant);
    if (!result.found) return notFound(reply);
    const etag = `"${createHash('sha1').update(result.bytes).digest('base64url')}"`;
    reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(contentTypeOf(parsed.variant)).send(result.bytes);
  });
}
