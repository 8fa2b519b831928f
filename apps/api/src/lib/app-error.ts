import { ERROR_STATUS, type ErrorCode } from '@puja/contract';

/** The one error services throw; the error handler turns its code into a status and `{ message, errors? }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A throttle said no: `retryAfterSeconds` is when the same request would pass (sent as Retry-After). */
export class ThrottledError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rateLimited', message);
  }
}

/** Too busy for this request now (load shed): 503, with `retryAfterSeconds` sent as Retry-After. */
export class BusyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', message);
  }
}
