import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { ERROR_MESSAGES, INVALID_TEXT_MESSAGE, isStorableText, MAX_UPLOAD_BYTES } from '@puja/contract';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
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

/**
 * The web app sends multipart form data (docs/api.md); other clients may send urlencoded or JSON. Multipart
 * fields and files are attached to the body as plain values (files as UploadedFile), so one zod schema
 * validates a route whatever encoding arrived. What a file is gets decided from its bytes, never from its
 * declared name or type. A body that cannot be read is the client's mistake: 400 with what went wrong.
 * Then every text value that arrived, in any part of the request, must be storable (`refuseUnstorableText`).
 */
export const bodyParsersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 1024 * 1024 });
    await app.register(multipart, {
      limits: {
        fileSize: UPLOAD_LIMITS.fileSizeBytes,
        files: UPLOAD_LIMITS.files,
        fields: UPLOAD_LIMITS.fields,
        fieldSize: UPLOAD_LIMITS.fieldSizeBytes,
      },
    });
    // Hooks run in the order they are added, so the text check sees the multipart body once it is read.
    // Only a multipart request waits for its parts; the others go straight on (a callback hook, so a GET
    // costs no promise).
    app.addHook('preValidation', (request, _reply, done) => {
      if (!request.isMultipart()) return done();
      readMultipartBody(request).then(() => done(), done);
    });
    app.addHook('preValidation', refuseUnstorableText);
  },
  { name: 'body-parsers' },
);

/**
 * Reads a multipart body into `{ field: value }`, a repeated field into an array of its values. The
 * plugin's own `attachFieldsToBody` does the same, but lets the parser's errors for a broken body
 * ("Unexpected end of form", "Boundary not found") through as plain errors, which would be answered 500.
 */
async function readMultipartBody(request: FastifyRequest): Promise<void> {
  const values = new Map<string, unknown[]>();
  try {
    for await (const part of request.parts()) {
      // Files arrive as UploadedFile: the bytes, with the name and type the client declared kept aside
      // (they are checked against the bytes, never trusted).
      const value =
        part.type === 'file'
          ? new UploadedFile(await part.toBuffer(), part.mimetype, part.filename)
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
