import { ERROR_MESSAGES, type ErrorResponse } from '@puja/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translateAnswer } from '../api-messages/api-messages.ts';
import { zodIssueMessage } from '../api-messages/zod-messages.ts';
import { isDatabaseUnreachable } from '../db/database-unreachable.ts';
import { AppError, BusyError, ThrottledError } from '../lib/app-error.ts';
import { StaleVersionError } from '../lib/record-version.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { UPLOAD_LIMITS } from './body-parsers.ts';

/**
 * Every failure leaves as `{ message, errors? }` (docs/api.md). Invalid input is 422 with the problems per
 * field; client errors keep Fastify's status and message; server errors are logged and never shown raw.
 */
/** The multipart limits' own messages ("reach files limit") say little to the person uploading. */
const UPLOAD_LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `Each file can be at most ${UPLOAD_LIMITS.fileSizeBytes / 1024 / 1024} MB.`,
  FST_FILES_LIMIT: `At most ${UPLOAD_LIMITS.files} files at a time.`,
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_PARTS_LIMIT: 'Too many form parts.',
};

const UNSUPPORTED_BODY_MESSAGE =
  'Send the body as application/json, multipart/form-data or application/x-www-form-urlencoded.';

/**
 * PostgreSQL's "data exception" states that only a value from outside can cause: text that is not a
 * number (22P02), a number too large for its column (22003), a NUL or a broken character (22021, 22P05),
 * text longer than its column (22001), a date that does not exist (22007, 22008), a LIKE pattern ending
 * in its escape character (22025). Other failures (a constraint, a lost connection) stay 5xx.
 */
const REFUSED_VALUE_STATES = new Set([
  '22P02',
  '22003',
  '22021',
  '22P05',
  '22001',
  '22007',
  '22008',
  '22025',
]);

/** The PostgreSQL error behind a failed query (Drizzle wraps it as `cause`), when it refused a value. */
export function databaseRefusedValue(error: unknown): { code: string; message: string } | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && REFUSED_VALUE_STATES.has(code) && 'severity' in cause)
      return { code, message: cause.message };
    cause = cause.cause;
  }
  return undefined;
}

/** What a 503 for an unreachable database asks clients to wait: a restart or a fail-over takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** A disk that is full (ENOSPC) or over its quota (EDQUOT), from the error or one it wraps. */
export function isStorageFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    cause = cause.cause;
  }
  return false;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Every answer's `message` and field errors in the request's language (lang cookie, else
    // Accept-Language; docs/decisions/018), failures and successes alike; English answers stay as they are.
    app.addHook('preSerialization', async (request, _reply, payload) =>
      translateAnswer(payload, requestLanguage(request.headers)),
    );
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const body: ErrorResponse = { message: error.message };
        if (error.errors) body.errors = error.errors;
        if (error instanceof StaleVersionError) body.stale = error.stale;
        // A throttle's wait goes out as the standard header as well as in the message, for clients.
        if (error instanceof ThrottledError || error instanceof BusyError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        // No prototype: a field named `constructor` or `__proto__` is a field like any other.
        const errors: Record<string, string[]> = Object.create(null);
        // zod's default messages are written in the request's language here, from each issue; a schema's
        // own messages stay English until the preSerialization hook translates them with the rest.
        const language = requestLanguage(request.headers);
        for (const issue of error.validation) {
          const field =
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
            error.validationContext ||
            'request';
          errors[field] = [...(errors[field] ?? []), zodIssueMessage(issue, language)];
        }
        return reply
          .status(422)
          .send({ message: ERROR_MESSAGES.invalidInput, errors } satisfies ErrorResponse);
      }
      const uploadProblem = UPLOAD_LIMIT_MESSAGES[error.code];
      if (uploadProblem) return reply.status(413).send({ message: uploadProblem } satisfies ErrorResponse);
      const refusedValue = databaseRefusedValue(error);
      if (refusedValue) {
        // The request passed its schema but the database refused one of its values: the answer is the
        // client's (422), but a schema is missing a rule, so it is logged for us to add one.
        request.log.warn(
          { route: request.routeOptions.url, sqlState: refusedValue.code, reason: refusedValue.message },
          'the database refused a value from the request: a schema is missing a rule',
        );
        return reply.status(422).send({ message: ERROR_MESSAGES.invalidInput } satisfies ErrorResponse);
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send({ message: UNSUPPORTED_BODY_MESSAGE } satisfies ErrorResponse);
      }
      if (isDatabaseUnreachable(error)) {
        // Not our bug and not the client's: the database is down or out of reach. The request may be
        // repeated (orders carry an idempotency key), and a load balancer may send it elsewhere.
        request.log.warn({ err: error }, 'the database could not be reached');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ message: ERROR_MESSAGES.unavailable } satisfies ErrorResponse);
      }
      if (isStorageFull(error)) {
        request.log.error({ err: error }, 'file storage is full: a file was refused');
        return reply.status(507).send({ message: ERROR_MESSAGES.storageFull } satisfies ErrorResponse);
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        return reply.status(statusCode).send({ message: error.message } satisfies ErrorResponse);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(Math.max(statusCode, 500)).send({ message: ERROR_MESSAGES.internal });
    });
  },
  { name: 'errors' },
);
