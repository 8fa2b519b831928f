import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@puja/contract';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** A file from a multipart body. */
export class UploadedFile {
  constructor(
    readonly bytes: Buffer,
    readonly declaredType: string,
    readonly fileName: string,
  ) {}
}

/** Upload limits: a photo from a phone fits; a flood does not. */
export const UPLOAD_LIMITS = {
  fileSizeBytes: MAX_UPLOAD_BYTES,
  files: 10,
  fields: 50,
  fieldSizeBytes: 100 * 1024,
};

/**
 * The web app sends multipart form data (SPEC §7); other clients may send urlencoded or JSON. Multipart
 * fields and files are attached to the body as plain values (files as Buffers), so one zod schema
 * validates a route whatever encoding arrived. What a file is gets decided from its bytes, never from its
 * declared name or type.
 */
export const bodyParsersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 1024 * 1024 });
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      // Files arrive as UploadedFile: the bytes, with the name and type the client declared kept aside
      // (they are checked against the bytes, never trusted).
      onFile: async (part) => {
        (part as unknown as { value: UploadedFile }).value = new UploadedFile(
          await part.toBuffer(),
          part.mimetype,
          part.filename,
        );
      },
      limits: {
        fileSize: UPLOAD_LIMITS.fileSizeBytes,
        files: UPLOAD_LIMITS.files,
        fields: UPLOAD_LIMITS.fields,
        fieldSize: UPLOAD_LIMITS.fieldSizeBytes,
      },
    });
  },
  { name: 'body-parsers' },
);

const OVERRIDABLE = new Set(['PATCH', 'PUT']);

/**
 * Method override (API.md): browsers' forms can only POST, so `POST` with `_method=patch` (any case) is an
 * update. An update route registers both POST and PATCH and adds this hook: a POST without the override is
 * refused rather than silently treated as an update.
 */
export const requireMethodOverrideForPost: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  const override =
    body && typeof body === 'object' && '_method' in body
      ? String((body as Record<string, unknown>)._method)
      : '';
  if (body && typeof body === 'object') delete (body as Record<string, unknown>)._method;
  if (request.method === 'POST' && !OVERRIDABLE.has(override.toUpperCase())) {
    return done(new AppError('invalidInput', 'Send _method=patch to update with POST.'));
  }
  done();
};
