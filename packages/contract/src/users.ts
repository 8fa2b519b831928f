import { idParamsSchema } from './catalogue.ts';
import { ROLES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { recordVersionSchema } from './record-version.ts';
import { emailSchema, sessionUserSchema } from './session.ts';
import { withoutPhoneSeparators } from './sign-in.ts';
import { z } from './zod.ts';

/** An administrator's user management (docs/api.md "Users"). */

export const EMAIL_EXISTS_MESSAGE = 'Email already exists';
// The password rules (MIN_PASSWORD_LENGTH and its messages) are in session.ts: one's own password
// change uses them too.

/** An admin creates patrons and monastery staff; administrators are made with `npm run create-admin`. */
export const ASSIGNABLE_ROLES = ['user', 'monastery'] as const;

export const userFormSchema = z.object({
  // Required; the two-word rule is the patron's own onboarding, not an administrator's form
  // (a monk may go by one name).
  name: z.string().trim().min(1, 'Name is required.').max(120, 'Name can be at most 120 characters.'),
  email: emailSchema,
  /**
   * Full number in E.164 (+9779812345678), or the national digits of a Nepali number; as pasted, with
   * spaces, brackets and dashes ("+977 981-234-5670"), which are dropped.
   */
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required.')
    .transform(withoutPhoneSeparators)
    .pipe(z.string().regex(/^\+?\d{7,15}$/, 'Phone must be numeric.')),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose a role: user or monastery.' }),
  monastery: idSchema('Choose a monastery.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  password: z.string().max(200).optional(),
  cpassword: z.string().max(200).optional(),
});
export type UserForm = z.input<typeof userFormSchema>;
/** An edit: the same fields and the version the form was opened at; a save from an older one is refused (409). */
export const userEditSchema = userFormSchema.extend({ version: recordVersionSchema });
export type UserEdit = z.input<typeof userEditSchema>;

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

/** Revoking a person's sessions (docs/decisions/005) answers how many sessions ended, and whose. */
export const revokeSessionsResponseSchema = z.object({
  revoked: z.number().int().nonnegative(),
  user: sessionUserSchema,
});
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

/** The statuses every write of the user form may answer: 400 carries the form's own field errors. */
const USER_WRITE_ERRORS = [400, 401, 403, 404, 409, 422] as const;

export const listUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user',
  access: { roles: ['admin'] },
  summary: 'A page of active accounts, oldest first, searched and filtered by role',
  tags: ['users'],
  query: usersQuerySchema,
  responses: { 200: usersResponseSchema },
  errors: [401, 403, 422],
});

export const getUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/:id/edit',
  access: { roles: ['admin'] },
  summary: 'An active account as it is now, for the edit form',
  tags: ['users'],
  params: idParamsSchema,
  responses: { 200: userResponseSchema },
  errors: [401, 403, 404, 422],
});

export const createUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user',
  access: { roles: ['admin'] },
  summary: 'Create a patron or a monastery staff member',
  tags: ['users'],
  body: userFormSchema,
  responses: { 200: usersResponseSchema },
  errors: USER_WRITE_ERRORS,
});

export const updateUserEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/:id',
  access: { roles: ['admin'] },
  summary: 'Update a user (password only when sent)',
  tags: ['users'],
  params: idParamsSchema,
  body: userEditSchema,
  methodOverride: true,
  responses: { 200: usersResponseSchema },
  errors: USER_WRITE_ERRORS,
});

export const deleteUserEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/user/:id',
  access: { roles: ['admin'] },
  summary: 'Delete a user (archived and signed out when it has history)',
  tags: ['users'],
  params: idParamsSchema,
  responses: { 200: usersResponseSchema },
  errors: USER_WRITE_ERRORS,
});

export const revokeUserSessionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/:id/revoke-sessions',
  access: { roles: ['admin'] },
  summary: 'Sign a person out everywhere',
  tags: ['session'],
  params: idParamsSchema,
  responses: { 200: revokeSessionsResponseSchema },
  errors: [401, 403, 404, 422],
});
