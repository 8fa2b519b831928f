import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The default keeps them in a folder under DATA_DIR; a deployment with
 * several API instances swaps in S3-compatible object storage behind the same interface.
 */
export interface FileStorage {
  /** Stores a file anyone may read (catalogue pictures) and returns the URL path it is served at. */
  savePublic(key: string, bytes: Buffer): Promise<string>;
  /** Stores a file only the app itself serves, after its own access checks (completion photos). */
  savePrivate(key: string, bytes: Buffer): Promise<void>;
  /** A private file's bytes, or undefined when there is none. */
  readPrivate(key: string): Promise<Buffer | undefined>;
}

/** Public files under `publicDirectory` (served at /uploads), private ones under `privateDirectory` (never served as is). */
export function createLocalFileStorage(
  publicDirectory: string,
  privateDirectory = path.join(path.dirname(publicDirectory), 'private'),
): FileStorage {
  const write = async (directory: string, key: string, bytes: Buffer) => {
    const target = resolveInside(directory, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  };
  return {
    async savePublic(key, bytes) {
      await write(publicDirectory, key, bytes);
      return `/uploads/${key}`;
    },
    savePrivate: (key, bytes) => write(privateDirectory, key, bytes),
    async readPrivate(key) {
      return fs.readFile(resolveInside(privateDirectory, key)).catch(() => undefined);
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
