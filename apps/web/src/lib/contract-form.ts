import { type UseFormReturnType, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ApiError } from './api-client.ts';

/**
 * The one way a form is written (docs/decisions/015): its values live in `@mantine/form`, checked by the
 * contract's own zod schema (the one the server checks the request with), so a field's message reads the
 * same before sending and after the server refuses it.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: Parameters<typeof zod4Resolver>[0],
  initialValues: Values,
): UseFormReturnType<Values> {
  return useForm<Values>({ mode: 'controlled', initialValues, validate: zod4Resolver(schema) });
}

/**
 * Puts a refused request's per-field messages (400/422 `errors`) on the form's own fields. True when one of
 * the form's fields got a message; otherwise the caller says why in a toast (`reasonOf`).
 */
export function showServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (field in form.getValues() && messages[0]) {
      form.setFieldError(field, messages[0]);
      shown = true;
    }
  }
  return shown;
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
