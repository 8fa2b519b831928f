import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config/env.ts';
import {
  contentTypeOf,
  type FileStorage,
  IMMUTABLE_CACHE_CONTROL,
  isSafeKey,
  type PublicArea,
  type PublicReadRequest,
  type PublicReadResult,
} from './file-storage.ts';

/**
 * Files in an S3-compatible bucket shared by every instance (docs/decisions/013). One bucket, two areas:
 * `public/{key}` for catalogue pictures, linked as `/uploads/{key}`; `private/{key}` for completion
 * photos, read only through `readPrivate` behind the app's own signed links. A URL path is only ever
 * mapped under `public/`, so no link can reach a private photo.
 */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server; unset for AWS. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (AWS_* variables, profiles, instance and task roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where `public/` objects are readable directly; unset: the app streams them. */
  publicUrl?: string | undefined;
}

export function s3SettingsFromConfig(config: Config): S3Settings {
  if (!config.S3_BUCKET || !config.S3_REGION) throw new Error('STORAGE=s3 needs S3_BUCKET and S3_REGION');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: config.S3_PUBLIC_URL,
  };
}

export function createS3FileStorage(settings: S3Settings): FileStorage & { client: S3Client } {
  const clientConfig: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // A storage that hangs must not hold requests (and their database connections) for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    // The SDK's default checksums (CRC32 headers on every upload, checked on downloads) are refused or
    // ignored by many S3-compatible servers; on AWS itself they stay on.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
  const client = new S3Client(clientConfig);
  const { bucket } = settings;

  const put = async (objectKey: string, bytes: Buffer, cacheControl: string) => {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey,
        Body: bytes,
        ContentType: contentTypeOf(objectKey),
        CacheControl: cacheControl,
      }),
    );
  };

  const readObject = async (objectKey: string): Promise<Buffer | undefined> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  };

  const readPublicObject = async (key: string, request: PublicReadRequest): Promise<PublicReadResult> => {
    const input = { Bucket: bucket, Key: `public/${checkKey(key)}`, IfNoneMatch: request.ifNoneMatch };
    let object: Omit<GetObjectCommandOutput, 'Body'> & { Body?: unknown };
    try {
      object = await client.send(
        request.headersOnly ? new HeadObjectCommand(input) : new GetObjectCommand(input),
      );
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return { found: false };
      if (status === 304) return { found: true, notModified: true, etag: request.ifNoneMatch };
      throw error;
    }
    return {
      found: true,
      notModified: false,
      body: object.Body as Readable | undefined,
      contentType: object.ContentType ?? contentTypeOf(key),
      contentLength: object.ContentLength,
      etag: object.ETag,
      lastModified: object.LastModified,
    };
  };

  const publicArea: PublicArea = settings.publicUrl
    ? { kind: 'redirect', baseUrl: settings.publicUrl.replace(/\/+$/, '') }
    : { kind: 'stream', read: readPublicObject };

  return {
    client,
    publicArea,
    async savePublic(key, bytes) {
      await put(`public/${checkKey(key)}`, bytes, IMMUTABLE_CACHE_CONTROL);
      return `/uploads/${key}`;
    },
    async savePrivate(key, bytes) {
      await put(`private/${checkKey(key)}`, bytes, 'private, no-store');
    },
    async deletePrivate(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `private/${checkKey(key)}` }));
    },
    readPrivate: async (key) => readObject(`private/${checkKey(key)}`),
    async privateSize(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: `private/${checkKey(key)}` }),
        );
        return head.ContentLength;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },
    async streamPrivate(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: `private/${checkKey(key)}`,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body ? { body: object.Body as Readable } : undefined;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },
    readPublic: async (key) => readObject(`public/${checkKey(key)}`),
  };
}

function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The HTTP status an S3 error carries (404 for a missing key or object, 304 for an unchanged one). */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}
