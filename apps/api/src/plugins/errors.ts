import { ERROR_MESSAGES, type ErrorResponse } from '@puja/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/**
 * Every failure leaves as `{ message, errors? }` (API.md). Invalid input is 422 with the problems per
 * field; client errors keep Fastify's status and message; server errors are logged and never shown raw.
 */
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
