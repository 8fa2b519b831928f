import { ApiError } from '../../../lib/api-client.ts';

export type DetailsField = 'name' | 'email';
export type DetailsErrors = Partial<Record<DetailsField, string>>;

function isDetailsField(value: unknown): value is DetailsField {
  return value === 'name' || value === 'email';
}

/** The first message per field of a failed contract check. */
export function fieldErrorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DetailsErrors {
  const errors: DetailsErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isDetailsField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The server's per-field messages (422 `errors`), or none when the failure is not about a field. */
export function fieldErrorsOfApiError(error: unknown): DetailsErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: DetailsErrors = {};
  for (const field of ['name', 'email'] as const) {
    const message = error.errors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}
