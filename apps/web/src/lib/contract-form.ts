import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ApiError } from './api-client.ts';

type ContractSchema = Parameters<typeof zod4Resolver>[0];

/** What a form checks besides its values against the contract's schema. */
export interface FormChecks<Values> {
  /**
   * The request the schema checks, made from the form's values where the two differ: an empty number field
   * is no number (not 0), an order's ids come from the page. Without it, the values themselves.
   */
  request?: (values: Values) => unknown;
  /**
   * What only the form can check, given the schema's first message per field: a picture required when
   * there is none yet, a day within the range the server takes today in Nepal. Gives the messages to show.
   */
  refine?: (values: Values, errors: FormErrors) => FormErrors;
}

/**
 * The messages a form shows before sending: the schema's first message per field, then the form's own
 * checks. `useContractForm` runs it on submit; a form's tests may run it on values directly.
 */
export function checkForm<Values>(
  schema: ContractSchema,
  values: Values,
  { request, refine }: FormChecks<Values> = {},
): FormErrors {
  const errors = zod4Resolver(schema, { errorPriority: 'first' })(
    (request ? request(values) : values) as Record<string, unknown>,
  );
  return refine ? refine(values, { ...errors }) : errors;
}

/**
 * The one way a form is written (docs/decisions/015): its values live in `@mantine/form`, checked by the
 * contract's own zod schema (the one the server checks the request with), so a field's message reads the
 * same before sending and after the server refuses it. Checks run when the form is submitted; changing a
 * field drops its message.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: ContractSchema,
  initialValues: Values,
  checks?: FormChecks<Values>,
): UseFormReturnType<Values> {
  return useForm<Values>({
    mode: 'controlled',
    // A copy: @mantine/form clones its values with their property descriptors, so the fields of a frozen
    // constant (EMPTY_…_FORM) would stay read-only.
    initialValues: { ...initialValues },
    validate: (values) => checkForm(schema, values, checks),
  });
}

/**
 * Puts a refused request's per-field messages (400/422 `errors`) on the form's own fields, and on `also`:
 * fields the form shows messages for though they are not its values (the monastery and puja an order is
 * for, chosen outside the form). True when one of them got a message; otherwise the caller says why in a
 * toast (`reasonOf`).
 */
export function showServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  also: readonly string[] = [],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    // A list's item is named by its path (`names.0.name`), under the form's own list.
    const own = Object.hasOwn(form.getValues(), field.split('.')[0]!);
    if ((own || also.includes(field)) && messages[0]) {
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
