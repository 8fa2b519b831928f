import { idParamsSchema } from './catalogue.ts';
import { defineEndpoint } from './endpoint.ts';
import { dialCodeSchema, nationalPhoneSchema, validPhoneNumber } from './sign-in.ts';
import { z } from './zod.ts';

/**
 * A monastery's own team (docs/decisions/041): its staff see who they are; its lead (`is_lead`, set by
 * administrators) invites staff by phone (the invitee signs in with a texted code, as everyone does) and
 * removes them. Every change is audited.
 */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_lead: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A monastery has a few staff; at most TEAM_MAX are listed (and invited). */
export const TEAM_MAX = 50;

export const teamResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  /** Whether the viewer is their monastery's lead, who invites and removes staff. */
  can_manage: z.boolean(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const inviteStaffRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120, 'Name can be at most 120 characters.'),
    code: dialCodeSchema,
    phone: nationalPhoneSchema,
  })
  .superRefine(validPhoneNumber);
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>;
export type InviteStaff = z.output<typeof inviteStaffRequestSchema>;

export const getTeamEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery/team',
  access: { roles: ['monastery'] },
  summary: 'The staff of the signed-in staff member’s monastery',
  tags: ['monastery-team'],
  responses: { 200: teamResponseSchema },
  errors: [401, 403],
});

export const inviteStaffEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monastery/team',
  access: { roles: ['monastery'] },
  summary: 'The lead adds a staff member by phone; they are texted how to sign in',
  tags: ['monastery-team'],
  body: inviteStaffRequestSchema,
  responses: { 200: teamResponseSchema },
  errors: [401, 403, 409, 422],
});

export const removeStaffEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/monastery/team/:id',
  access: { roles: ['monastery'] },
  summary: 'The lead removes a staff member of their monastery (archived and signed out)',
  tags: ['monastery-team'],
  params: idParamsSchema,
  responses: { 200: teamResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const setLeadRequestSchema = z.object({
  // A form sends `true`/`false` as text; JSON as booleans.
  is_lead: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean('Say whether this person leads their monastery: true or false.'),
  ),
});

export const setLeadEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/:id/lead',
  access: { roles: ['admin'] },
  summary: 'Make a monastery staff member its lead, or not',
  tags: ['users'],
  params: idParamsSchema,
  body: setLeadRequestSchema,
  methodOverride: true,
  responses: { 200: teamMemberSchema },
  errors: [401, 403, 404, 409, 422],
});
