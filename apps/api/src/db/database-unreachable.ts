/**
 * Whether a failure means the database could not be reached, rather than that it refused this request:
 * the answer is then 503 with Retry-After, not 500 (docs/decisions/025). Drizzle wraps the driver's error
 * as `cause`, so the chain is followed a few steps.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_UNAVAILABLE_STATES.test(code)))
      return true;
    // The driver's own words, on the driver's own error: a failed query's wrapper (DrizzleQueryError)
    // repeats the request's parameters in its message, where a person may have typed anything.
    if (!('query' in cause) && DRIVER_MESSAGES.includes(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

/** The socket's own failures: refused, reset, timed out, unreachable, a name that does not resolve. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * PostgreSQL's own "not now" states: class 08 (connection exception), 57P01–57P03 (shut down by an
 * administrator, a crash, or starting up), 53300 (too many connections).
 */
const SERVER_UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;

/** node-postgres says these in words, without a code: a dropped connection, or no connection in time. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
];
