import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';

/** The storage `STORAGE` names; the S3 client is loaded only when it is used. */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (config.STORAGE === 's3') {
    const { createS3FileStorage, s3SettingsFromConfig } = await import('./s3-file-storage.ts');
    return createS3FileStorage(s3SettingsFromConfig(config));
  }
  return createLocalFileStorage(path.join(config.dataDirectory, 'uploads'));
}
