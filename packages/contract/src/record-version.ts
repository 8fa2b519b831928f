import { z } from './zod.ts';

/*
 * No lost edits (docs/decisions/040): every editable record answers with its `version`, every save sends the
 * version it was made from, and the server refuses a save from an older one with 409 and `stale`: who
 * saved since, and when. One field, one answer, for the catalogue, users, orders and settings alike.
 */

/** The version a save was made from. A form sends text, so it is coerced. */
export const recordVersionSchema = z.coerce
  .number({ error: 'Reload: the version of this record is missing.' })
  .int('Reload: the version of this record is missing.')
  .min(1, 'Reload: the version of this record is missing.');

/** What a 409 for a stale save carries beside its message. */
export const staleVersionSchema = z
  .object({
    /** The record's version now: what a reload will show. */
    version: z.number().int(),
    /** The name of whoever saved it last, when the audit log knows (null: the system or unknown). */
    changed_by: z.string().nullable(),
    /** When it was last saved (ISO). */
    changed_at: z.string(),
  })
  .meta({ id: 'StaleVersion' });
export type StaleVersion = z.infer<typeof staleVersionSchema>;

export const STALE_VERSION_MESSAGE =
  'Someone else saved this after you opened it. Reload to see their changes, then make yours again.';
