import { ApiError } from '../../../lib/api-client.ts';

/** The server's first message per field of a refused request (400/422/409 `errors`), for the given fields. */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const message = error.errors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** Why a request failed, for a toast: a field's own message says more than 'invalid input'. */
export function reasonOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return Object.values(error.errors).find((messages) => messages[0])?.[0] ?? error.message;
}

/** A 401 has already ended the session with 'Session Expired': a second toast would only repeat it. */
export function endedTheSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The first message per field of a failed contract check. */
export function fieldErrorsOfIssues<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
