import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { ERROR_MESSAGES, INVALID_TEXT_MESSAGE, isStorableText, MAX_UPLOAD_BYTES } from '@puja/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { apiMessage } from '../api-messages/api-messages.ts';
import { AppError } from '../lib/app-error.ts';
import { UploadedFile } from '../lib/uploaded-file.ts';

/** Upload limits: a photo from a phone fits; a flood does not. */
export const UPLOAD_LIMITS = {
  fileSizeBytes: MAX_UPLOAD_BYTES,
  files: 10,
  fields: 50,
  fieldSizeBytes: 100 * 1024,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The files a multipart route takes at most (1 unless it says): a request declaring more bytes is refused. */
    uploadFiles?: number;
    /** The bytes each file of a multipart route may have (MAX_UPLOAD_BYTES unless it says: a video's limit). */
    uploadFileBytes?: number;
    /**
     * Checks, once the form's fields before its first file have arrived, that the request can succeed
     * (the order can be completed), so a refusal comes before the files are received.
     */
    beforeFiles?: (request: FastifyRequest, fields: Record<string, unknown>) => Promise<void>;
  }
}

const multipartLimits = {
  fileSize: UPLOAD_LIMITS.fileSizeBytes,
  files: UPLOAD_LIMITS.files,
  fields: UPLOAD_LIMITS.fields,
  fieldSize: UPLOAD_LIMITS.fieldSizeBytes,
};

/** What a form's text fields and its parts' headers may add to its files' bytes. */
const FORM_ALLOWANCE_BYTES = 1024 * 1024;

/**
 * The web app sends multipart form data (docs/api.md); other clients may send urlencoded or JSON. Multipart
 * fields and files are attached to the body as plain values (files as UploadedFile), so one zod schema
 * validates a route whatever encoding arrived. What a file is gets decided from its bytes, never from its
 * declared name or type. A body that cannot be read is the client's mistake: 400 with what went wrong.
 * Then every text value that arrived, in any part of the request, must be storable (`refuseUnstorableText`).
 *
 * An upload that cannot succeed is refused before it is received (docs/decisions/027): one that declares
 * more bytes than its route takes, at once (`onRequest`); a file that passes the size limit, as soon as
 * it does; a form whose route refuses its first fields (`config.beforeFiles`), before its files.
 */
export const bodyParsersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 1024 * 1024 });
    await app.register(multipart, { limits: multipartLimits });
    app.addHook('onRequest', (request, reply, done) => {
      // The plugin's isMultipart() is only known once the body's parser ran: the header says it sooner.
      if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return done();
      // Without a declared length (chunked encoding) nothing would bound the body before it is read:
      // browsers always declare a form's length, so a form without one is refused.
      if (request.headers['content-length'] === undefined)
        return done(refusedBeforeBody(request, reply, lengthRequired()));
      const declared = Number(request.headers['content-length']);
      if (declared > maxUploadBytes(request)) return done(refusedBeforeBody(request, reply, tooLarge()));
      done();
    });
    // Hooks run in the order they are added, so the text check sees the multipart body once it is read.
    // Only a multipart request waits for its parts; the others go straight on (a callback hook, so a GET
    // costs no promise).
    app.addHook('preValidation', (request, reply, done) => {
      if (!request.isMultipart()) return done();
      readMultipartBody(request, reply).then(() => done(), done);
    });
    app.addHook('preValidation', refuseUnstorableText);
  },
  { name: 'body-parsers' },
);

const fileSizeLimit = (request: FastifyRequest) =>
  request.routeOptions.config?.uploadFileBytes ?? UPLOAD_LIMITS.fileSizeBytes;

const maxUploadBytes = (request: FastifyRequest) =>
  (request.routeOptions.config?.uploadFiles ?? 1) * fileSizeLimit(request) + FORM_ALLOWANCE_BYTES;

/** The multipart plugin's own 413 for a file over the size limit (plugins/errors.ts words it). */
const tooLarge = () =>
  Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });

/** A multipart body whose length is not declared (411). */
const lengthRequired = () =>
  new AppError('lengthRequired', 'Send the form with its length declared, as browsers do.');

/** How long a client refused mid-upload is given to read the answer and stop sending. */
const LINGER_MS = 2_000;

/**
 * An answer given while the client may still be sending. Closing the connection at once would reset it
 * mid-upload, and most clients would then show a network error instead of the answer; so the rest of
 * the body is read and dropped (never kept) for a moment, and a client still sending after that is cut off.
 */
function refusedBeforeBody(request: FastifyRequest, reply: FastifyReply, error: Error): Error {
  reply.raw.once('finish', () => {
    const body = request.raw;
    if (body.readableEnded) return;
    const cutOff = setTimeout(() => body.socket?.destroy(), LINGER_MS).unref();
    body.once('end', () => clearTimeout(cutOff));
    body.resume();
  });
  return error;
}

/**
 * Reads a multipart body into `{ field: value }`, a repeated field into an array of its values. The
 * plugin's own `attachFieldsToBody` does the same, but lets the parser's errors for a broken body
 * ("Unexpected end of form", "Boundary not found") through as plain errors, which would be answered 500.
 */
async function readMultipartBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const values = new Map<string, unknown[]>();
  const beforeFiles = request.routeOptions.config?.beforeFiles;
  let filesBegun = false;
  try {
    const fileSize = fileSizeLimit(request);
    const parts =
      fileSize === UPLOAD_LIMITS.fileSizeBytes
        ? request.parts()
        : request.parts({ limits: { ...multipartLimits, fileSize } });
    for await (const part of parts) {
      if (part.type === 'file' && !filesBegun) {
        filesBegun = true;
        try {
          await beforeFiles?.(request, firstValues(values));
        } catch (error) {
          // Busboy stops reading once the file's stream is dropped unread.
          part.file.destroy();
          throw refusedBeforeBody(request, reply, error as Error);
        }
      }
      // Files arrive as UploadedFile: the bytes, with the name and type the client declared kept aside
      // (they are checked against the bytes, never trusted).
      const value =
        part.type === 'file'
          ? new UploadedFile(
              await readFileUpToLimit(part.file, () => refusedBeforeBody(request, reply, tooLarge())),
              part.mimetype,
              part.filename,
            )
          : part.value;
      const list = values.get(part.fieldname);
      if (list) list.push(value);
      else values.set(part.fieldname, [value]);
    }
  } catch (error) {
    // The plugin's own refusals keep their status (limits: 413; a field named like a prototype property:
    // 400), except its 406 for a part declared JSON that is not: a broken body, not an unacceptable answer.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status !== 406) throw error;
    throw new MalformedBodyError(
      // The multipart reader's reason is its own English words, kept inside the translated sentence.
      apiMessage('formUnreadable', {
        reason: (error as Error).message || 'it is not valid multipart/form-data',
      }),
    );
  }
  // fromEntries defines own properties, so even a field named __proto__ could not reach a prototype.
  request.body = Object.fromEntries(
    [...values].map(([name, list]) => [name, list.length === 1 ? list[0] : list]),
  );
}

const firstValues = (values: Map<string, unknown[]>) =>
  Object.fromEntries([...values].map(([name, list]) => [name, list[0]]));

/**
 * A file's bytes, refused the moment it passes the size limit: the multipart plugin's own `toBuffer`
 * throws only at the end of the part, after the whole of it was received.
 */
async function readFileUpToLimit(
  file: NodeJS.ReadableStream & { destroy(error?: Error): void },
  refusal: () => Error,
) {
  file.once('limit', () => file.destroy(refusal()));
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that cannot be parsed: 400, and the message says what is wrong with it. */
export class MalformedBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'MALFORMED_BODY';
}

/**
 * Refuses a request with text that cannot be stored as sent (a NUL character, an unpaired surrogate;
 * `isStorableText` in the contract) in its path, query or body, keys included: 422 naming the field. It is
 * an app-wide hook rather than a rule in each string schema so that no route, present or future, can leave
 * it out; without it PostgreSQL refuses the value mid-query and the person gets a 500.
 */
export const refuseUnstorableText: preValidationHookHandler = (request, _reply, done) => {
  const field =
    findUnstorableText(request.params) ??
    findUnstorableText(request.query) ??
    findUnstorableText(request.body);
  if (field === undefined) return done();
  done(
    new AppError('invalidInput', ERROR_MESSAGES.invalidInput, {
      [field || 'request']: [INVALID_TEXT_MESSAGE],
    }),
  );
};

interface Visit {
  value: unknown;
  key: string | undefined;
  parent: Visit | undefined;
}

/**
 * The path (`a.b.0`) of the first text value or key that cannot be stored, or undefined. Walks with its own
 * stack, not recursion, and keeps only a link to each parent: a 1 MB JSON body can nest deep enough to
 * overflow the call stack, or to make copying the path at every level quadratic.
 */
function findUnstorableText(root: unknown): string | undefined {
  const pathOf = (visit: Visit | undefined, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let at = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1)
        stack.push({ value: value[index], key: String(index), parent: visit });
    } else if (
      value &&
      typeof value === 'object' &&
      !(value instanceof UploadedFile) &&
      !Buffer.isBuffer(value)
    ) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return pathOf(visit, key);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
}

// The method override's hook lives in lib/, beside the route builder that adds it to update routes.
export { requireMethodOverrideForPost } from '../lib/method-override.ts';
