import { ApiError } from '../../../lib/api-client.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per form field of a failed contract check; problems of other fields are left out. */
export function fieldErrorsOfIssues<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The server's per-field messages (400 or 422 `errors`), first one per form field. */
export function fieldErrorsOfApiError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = error.errors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** Why a write was refused, for its toast: a field's own message says more than 'The request is not valid.' */
export function reasonOfFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const firstFieldMessage = Object.values(error.errors).find((messages) => messages[0])?.[0];
  return firstFieldMessage ?? error.message;
}

/** A 401 has already ended the session with 'Session Expired' (lib/api-client.ts): no second toast. */
export function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
