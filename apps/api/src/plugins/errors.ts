import { ERROR_MESSAGES, type ErrorResponse } from '@puja/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { UPLOAD_LIMITS } from './body-parsers.ts';

/**
 * Every failure leaves as `{ message, errors? }` (API.md). Invalid input is 422 with the problems per
 * field; client errors keep Fastify's status and message; server errors are logged and never shown raw.
 */
/** The multipart limits' own messages ("reach files limit") say little to the person uploading. */
const UPLOAD_LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `Each file can be at most ${UPLOAD_LIMITS.fileSizeBytes / 1024 / 1024} MB.`,
  FST_FILES_LIMIT: `At most ${UPLOAD_LIMITS.files} files at a time.`,
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_PARTS_LIMIT: 'Too many form parts.',
};

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const body: ErrorResponse = { message: error.message };
        if (error.errors) body.errors = error.errors;
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const field =
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
            error.validationContext ||
            'request';
          errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value.'];
        }
        return reply
          .status(422)
          .send({ message: ERROR_MESSAGES.invalidInput, errors } satisfies ErrorResponse);
      }
      const uploadProblem = UPLOAD_LIMIT_MESSAGES[error.code];
      if (uploadProblem) return reply.status(413).send({ message: uploadProblem } satisfies ErrorResponse);
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
