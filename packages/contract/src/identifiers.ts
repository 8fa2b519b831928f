/**
 * How rows are named in addresses and requests, without zod: the pages that check an address before they
 * fetch anything import this and nothing heavier (docs/decisions/017).
 */

/**
 * Ids are PostgreSQL `integer` columns (32-bit), so no row has an id above 2^31 − 1. A larger number would
 * make the query itself fail ("out of range for type integer") instead of finding nothing.
 */
export const MAX_ID = 2_147_483_647;

/** A slug: lowercase words of letters and digits joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

/** Whether a `{slugOrId}` in an address can name a row: a slug, or digits no larger than an id can be. */
export function isSlugOrId(value: string): boolean {
  if (value.length === 0 || value.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(value)) return false;
  // Digits alone are read as an id.
  return !/^\d+$/.test(value) || Number(value) <= MAX_ID;
}
