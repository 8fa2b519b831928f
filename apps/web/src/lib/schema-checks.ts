import { errorResponseSchema, parseWithoutCompiling } from '@puja/contract';

/*
 * Where the browser's checks of answers against the contract start: loaded by api-client.ts on the first
 * answer it checks, so the contract's schemas (and zod) are not in the first page's bundle
 * (docs/decisions/017), and imported by the form pattern, whose checks run before any answer.
 */

// Before any parse: zod must not probe for eval under the CSP (see parseWithoutCompiling).
parseWithoutCompiling();

/** A failed answer's body as the contract shapes it (`{ message, errors? }`), or the reason it is not. */
export function parseErrorResponse(body: unknown) {
  return errorResponseSchema.safeParse(body);
}
