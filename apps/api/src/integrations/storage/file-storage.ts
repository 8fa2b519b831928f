import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The default keeps them in a folder under DATA_DIR; a deployment with
 * several API instances swaps in S3-compatible object storage behind the same interface.
 */
export interface FileStorage {
  /** Stores a file anyone may read (catalogue pictures) and returns the URL path it is served at. */
  savePublic(key: string, bytes: Buffer): Promise<string>;
}

export function createLocalFileStorage(publicDirectory: string): FileStorage {
  return {
    async savePublic(key, bytes) {
      const target = resolveInside(publicDirectory, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes);
      return `/uploads/${key}`;
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
