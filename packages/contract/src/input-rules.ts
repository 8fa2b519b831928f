import { MAX_ID } from './identifiers.ts';
import { z } from './zod.ts';

/**
 * Rules every request value obeys, wherever it arrives (path, query or body), so that nothing a client
 * sends can reach the database in a form it refuses: a refusal there would be a 500 for what is really
 * bad input.
 */

/**
 * Every id a request carries: a positive whole number no larger than MAX_ID, as JSON sends it (`12`) or a
 * form or URL does (`"12"`). `message`, when given, is what the person reads for any bad value (the
 * forms' "Choose a puja."); otherwise zod's own messages say what is wrong.
 */
export function idSchema(message?: string) {
  const problem = message ? { error: message } : undefined;
  return z.coerce.number(problem).int(problem).positive(problem).max(MAX_ID, problem);
}

/** What a person reads when text they sent cannot be stored. */
export const INVALID_TEXT_MESSAGE =
  'This text contains characters that cannot be stored (a NUL character or a broken Unicode sequence).';

/**
 * With the `u` flag a well-formed surrogate pair is one code point outside this range, so only an unpaired
 * half matches. JSON can carry one (`"\ud800"`); it has no UTF-8 form, so it cannot be stored as sent.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Whether text can be stored as sent: PostgreSQL refuses the NUL character in `text` values, and an
 * unpaired surrogate is not a character at all. Every other character is allowed.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * A file field of a multipart body. Its value is whatever the multipart parser hands over: what the file is
 * gets decided from its bytes on the server, never from here. To OpenAPI it is a binary string, so
 * generated clients type it as a file.
 */
export function uploadedFileSchema(description: string) {
  return z.unknown().optional().meta({ description, type: 'string', format: 'binary' });
}

/** A multipart field that may carry several files (`files[]`). */
export function uploadedFilesSchema(description: string) {
  return z
    .unknown()
    .optional()
    .meta({ description, type: 'array', items: { type: 'string', format: 'binary' } });
}

/** A yes or no, as JSON sends it (true) or a form does ("true"; the web app sends forms: docs/api.md). */
export const formBoolean = (message: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean(message));
