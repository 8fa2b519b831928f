import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The default keeps them in a folder under DATA_DIR; a deployment with
 * several API instances uses S3-compatible object storage behind the same interface (`STORAGE=s3`,
 * `s3-file-storage.ts`, docs/decisions/013).
 */
export interface FileStorage {
  /** Stores a file anyone may read (catalogue pictures) and returns the URL path it is served at. */
  savePublic(key: string, bytes: Buffer): Promise<string>;
  /** Stores a file only the app itself serves, after its own access checks (completion photos). */
  savePrivate(key: string, bytes: Buffer): Promise<void>;
  /** Removes a private file, if there is one (what a failed change had already stored). */
  deletePrivate(key: string): Promise<void>;
  /** A private file's bytes, or undefined when there is none. */
  readPrivate(key: string): Promise<Buffer | undefined>;
  /**
   * A private file's size and a stream of its bytes from `start` to `end` (both included; the whole file
   * when no range is given), or undefined when there is none: a puja's video, sent a range at a time.
   */
  streamPrivate(key: string, range?: { start: number; end: number }): Promise<PrivateStream | undefined>;
  /** A private file's size in bytes, or undefined when there is none. */
  privateSize(key: string): Promise<number | undefined>;
  /** A public file's bytes, or undefined when there is none (pictures' variants are made from these). */
  readPublic(key: string): Promise<Buffer | undefined>;
  /** How `/uploads/{key}` is answered (`public-uploads.ts`). */
  readonly publicArea: PublicArea;
}

/**
 * Public files are always linked as `/uploads/{key}`, whichever storage holds them, so stored paths and
 * pages never change with the storage. The storage says how that path is answered:
 * - `folder`: files on this machine's disk;
 * - `stream`: read through the adapter and sent by the app (same origin, bucket kept private);
 * - `redirect`: the browser is sent to `{baseUrl}/{key}` (a CDN or public bucket in front of the files).
 */
export interface PrivateStream {
  body: Readable;
}

export type PublicArea =
  | { kind: 'folder'; directory: string }
  | { kind: 'stream'; read(key: string, request: PublicReadRequest): Promise<PublicReadResult> }
  | { kind: 'redirect'; baseUrl: string };

export interface PublicReadRequest {
  /** HEAD asks only for the headers. */
  headersOnly: boolean;
  ifNoneMatch?: string | undefined;
}

export type PublicReadResult =
  | { found: false }
  | { found: true; notModified: true; etag: string | undefined }
  | {
      found: true;
      notModified: false;
      body: Readable | undefined;
      contentType: string;
      contentLength: number | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    };

/** Public files under `publicDirectory` (served at /uploads), private ones under `privateDirectory` (never served as is). */
export function createLocalFileStorage(
  publicDirectory: string,
  privateDirectory = path.join(path.dirname(publicDirectory), 'private'),
): FileStorage {
  // Written beside the target under a name of its own, then renamed over it: a write the disk refuses
  // halfway (ENOSPC, EDQUOT) leaves no partial file under the key, and the partial one is removed.
  const write = async (directory: string, key: string, bytes: Buffer) => {
    const target = resolveInside(directory, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  };
  return {
    publicArea: { kind: 'folder', directory: publicDirectory },
    async savePublic(key, bytes) {
      await write(publicDirectory, key, bytes);
      return `/uploads/${key}`;
    },
    savePrivate: (key, bytes) => write(privateDirectory, key, bytes),
    deletePrivate: (key) => fs.rm(resolveInside(privateDirectory, key), { force: true }),
    async readPrivate(key) {
      return fs.readFile(resolveInside(privateDirectory, key)).catch(() => undefined);
    },
    async readPublic(key) {
      return fs.readFile(resolveInside(publicDirectory, key)).catch(() => undefined);
    },
    async privateSize(key) {
      const stats = await fs.stat(resolveInside(privateDirectory, key)).catch(() => undefined);
      return stats?.isFile() ? stats.size : undefined;
    },
    async streamPrivate(key, range) {
      // Opened before it is handed over, so a missing file is `undefined` here, not a stream's error later.
      const file = await fs.open(resolveInside(privateDirectory, key)).catch(() => undefined);
      if (!file) return undefined;
      return { body: file.createReadStream(range ? { start: range.start, end: range.end } : {}) };
    },
  };
}

/** Keys come from our own code, but a key must never climb out of its folder all the same. */
function resolveInside(directory: string, key: string): string {
  const target = path.resolve(directory, key);
  if (!target.startsWith(path.resolve(directory) + path.sep))
    throw new Error(`Storage key escapes its folder: ${key}`);
  return target;
}

/**
 * Keys come from our own code or, for public files, from a URL path: plain relative names only, so a key
 * names nothing outside its area and means the same on every S3-compatible server. Every segment starts
 * with a letter or digit, so none is `.` or `..`.
 */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key);
}

/** Public names are content-hashed, so a file never changes: browsers and a CDN may keep it a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** What a stored file is, from its name (pictures are re-encoded and videos named by their sniffed type, so names tell the truth). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
