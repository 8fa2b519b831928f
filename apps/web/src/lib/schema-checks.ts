import { errorResponseSchema } from '@puja/contract';

/*
 * The browser's checks of answers against the contract: loaded by api-client.ts with the first answer it
 * checks, so the contract's schemas (and zod) are not in the first page's bundle (docs/decisions/017).
 */

/** A failed answer's body as the contract shapes it (`{ message, errors? }`), or the reason it is not. */
export function parseErrorResponse(body: unknown) {
  return errorResponseSchema.safeParse(body);
}
