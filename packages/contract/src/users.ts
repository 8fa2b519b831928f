import { z } from 'zod';
import { ROLES } from './constants.ts';
import { idSchema } from './input-rules.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { emailSchema, sessionUserSchema } from './session.ts';

/** An administrator's user management (API.md "Users"; SPEC §5 user form). */

export const EMAIL_EXISTS_MESSAGE = 'Email already exists';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters.';
/** The spec's "doesnot" is a typo: DESIGN.md fixes spec typos. */
export const PASSWORD_MISMATCH_MESSAGE = 'Password and Confirm Password do not match.';
export const MIN_PASSWORD_LENGTH = 6;

/** An admin creates patrons and monastery staff; administrators are made with `npm run create-admin`. */
export const ASSIGNABLE_ROLES = ['user', 'monastery'] as const;

export const userFormSchema = z.object({
  // Required, as SPEC §5 says; the two-word rule is the patron's own onboarding, not an administrator's form
  // (a monk may go by one name).
  name: z.string().trim().min(1, 'Name is required.').max(120, 'Name can be at most 120 characters.'),
  email: emailSchema,
  /** Full number in E.164 (+9779812345678), or the national digits of a Nepali number. */
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required.')
    .regex(/^\+?\d{7,15}$/, 'Phone must be numeric.'),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose a role: user or monastery.' }),
  monastery: idSchema('Choose a monastery.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  password: z.string().max(200).optional(),
  cpassword: z.string().max(200).optional(),
});
export type UserForm = z.input<typeof userFormSchema>;

export const USERS_PAGE_SIZE = 20;
/** The users table's search and filter; every word of `q` must be in the name, e-mail or phone. */
export const usersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  role: z.enum(ROLES).optional(),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/**
 * A page of active accounts, oldest first. Writes answer the first page of the unfiltered list, so a
 * client that showed it can show it again without another request.
 */
export const usersResponseSchema = z.object({ users: z.array(sessionUserSchema), ...pageInfoSchema.shape });
export type UsersResponse = z.infer<typeof usersResponseSchema>;
export const userResponseSchema = z.object({ user: sessionUserSchema });

/** `POST /api/user/{id}/revoke-sessions` (ours, docs/decisions/005): how many sessions ended, and whose. */
export const revokeSessionsResponseSchema = z.object({
  revoked: z.number().int().nonnegative(),
  user: sessionUserSchema,
});
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponseSchema>;
