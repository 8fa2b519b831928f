import { staleVersionSchema } from './record-version.ts';
import { z } from './zod.ts';

/**
 * One error vocabulary for the whole product (docs/design.md, convention 4): services throw an `AppError`
 * with one of these codes, the server's error handler maps it to a status, and the web client reads the
 * same `{ message, errors? }` body.
 */
export const ERROR_STATUS = {
  fieldErrors: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  lengthRequired: 411,
  payloadTooLarge: 413,
  invalidInput: 422,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
  storageFull: 507,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorResponseSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** A save from an older version of the record (409; docs/decisions/040). */
    stale: staleVersionSchema.optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const ERROR_MESSAGES = {
  notFound: 'Not found.',
  invalidInput: 'The request is not valid.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthenticated: 'Unauthorized',
  forbidden: 'You may not do that.',
  rateLimited: 'Too many requests. Try again after a few minutes.',
  /** While the database cannot be reached (503, with Retry-After; docs/decisions/025). */
  unavailable: 'We cannot reach our database at the moment. Please try again in a minute.',
  /** The disk or bucket refused a file for want of space (507). */
  storageFull:
    'Our file storage is full, so the file was not saved. Nothing was changed; please try again later.',
} as const;
