import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/integrations/storage/s3-file-storage.ts';

/**
 * s3rver, a small S3-compatible server, on a free port with its objects in a temporary folder: the real
 * S3 adapter (AWS SDK v3) talks to it over HTTP, signatures and all, as it would to AWS or MinIO.
 */
export async function startS3StandIn(bucket = 'puja-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    // s3rver checks signatures made with these.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    endpoint,
    bucket,
    directory,
    settings,
    /** The same settings as environment variables, for an app configured from its environment. */
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close().catch(() => undefined);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
