import {
  catalogueItemFieldsSchema,
  descriptionTranslationFieldsSchema,
  idParamsSchema,
} from './catalogue.ts';
import { defineEndpoint } from './endpoint.ts';
import { uploadedFileSchema, uploadedFilesSchema } from './input-rules.ts';
import { recordVersionSchema } from './record-version.ts';
import { optionalEmailSchema } from './session.ts';
import { z } from './zod.ts';

/**
 * A monastery's own page, edited by its staff (docs/decisions/046): the description, the cover picture and
 * a gallery, the address and the office's contacts. With the administrators' review on (the server's
 * MONASTERY_PAGE_REVIEW, on unless turned off), a change waits as a proposal an administrator approves
 * or rejects with a reason; with it off, it is live at once. The public pages show only what is live.
 */

/** The gallery's pictures at most: a page, not an album. */
export const MONASTERY_GALLERY_MAX = 6;
/** The pending proposals an administrator's list holds at most (one per monastery). */
export const PAGE_PROPOSALS_LIST_MAX = 100;

/** What a monastery's page shows, live or proposed. */
export const monasteryPageSchema = z
  .object({
    description: z.string(),
    /** The description in Nepali and Chinese, null where none was entered (docs/decisions/049). */
    description_ne: z.string().nullable(),
    description_zh_hant: z.string().nullable(),
    image_path: z.string().nullable(),
    gallery: z.array(z.string()),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'MonasteryPage' });
export type MonasteryPage = z.infer<typeof monasteryPageSchema>;
export const MONASTERY_PAGE_FIELDS = [
  'description',
  'description_ne',
  'description_zh_hant',
  'image_path',
  'gallery',
  'address',
  'phone',
  'email',
] as const;
export type MonasteryPageField = (typeof MONASTERY_PAGE_FIELDS)[number];

export const MONASTERY_PAGE_PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'replaced'] as const;

export const monasteryPageProposalSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(MONASTERY_PAGE_PROPOSAL_STATUSES),
    page: monasteryPageSchema,
    /** Who proposed it (their name, or phone without one). */
    proposed_by: z.string(),
    created_at: z.string(),
    /** A rejection's reason, for the staff. */
    reason: z.string().nullable(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'MonasteryPageProposal' });
export type MonasteryPageProposal = z.infer<typeof monasteryPageProposalSchema>;

export const ownMonasteryPageResponseSchema = z.object({
  monastery: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    version: z.number().int(),
  }),
  /** What the public pages show now. */
  page: monasteryPageSchema,
  /** Whether a change waits for an administrator before it goes live. */
  review: z.boolean(),
  /** The change waiting for an administrator, if any. */
  pending: monasteryPageProposalSchema.nullable(),
  /** The last proposal an administrator decided: its outcome, and a rejection's reason. */
  last_decided: monasteryPageProposalSchema.nullable(),
  /** What the save just did: live at once, or waiting (only in a save's answer). */
  outcome: z.enum(['published', 'proposed']).optional(),
});
export type OwnMonasteryPageResponse = z.infer<typeof ownMonasteryPageResponseSchema>;

/** One path or several (a repeated form field), as a list. */
const pathList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** Optional text: empty is none. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/** How patrons call the office: digits with the spaces, dashes, dots and brackets people write. */
const contactPhoneSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine(
    (value) => value === null || /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/.test(value),
    'Write the phone number with its digits (spaces, dashes and a leading + are fine).',
  );

export const monasteryPageRequestSchema = z.object({
  description: catalogueItemFieldsSchema.shape.description,
  ...descriptionTranslationFieldsSchema.shape,
  address: optionalText(300, 'The address can be at most 300 characters.'),
  phone: contactPhoneSchema,
  email: optionalEmailSchema.transform((value) => value ?? null),
  /** A new cover picture (multipart file); the current one is kept unless one is sent. */
  image: uploadedFileSchema('A new cover picture (multipart file); the current one is kept otherwise'),
  /** The gallery's current pictures to keep, in order (repeated field); those left out are removed. */
  keep_gallery: pathList,
  /** New gallery pictures (multipart files), added after those kept. */
  'gallery[]': uploadedFilesSchema('New gallery pictures (multipart files), added after those kept'),
  /** The monastery's version the form was opened at: a save from an older one is refused (409). */
  version: recordVersionSchema,
});
export type MonasteryPageRequest = z.input<typeof monasteryPageRequestSchema>;
export type MonasteryPageInput = z.output<typeof monasteryPageRequestSchema>;

export const pageProposalForReviewSchema = z
  .object({
    id: z.number().int(),
    monastery: z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      version: z.number().int(),
    }),
    proposed_by: z.string(),
    created_at: z.string(),
    /** The live page now, and the page as proposed. */
    current: monasteryPageSchema,
    proposed: monasteryPageSchema,
    /** The fields that differ between the two. */
    changed: z.array(z.enum(MONASTERY_PAGE_FIELDS)),
    /** The monastery changed since the proposal was made: approving it would undo that change (409). */
    stale: z.boolean(),
  })
  .meta({ id: 'PageProposalForReview' });
export type PageProposalForReview = z.infer<typeof pageProposalForReviewSchema>;

export const pageProposalsResponseSchema = z.object({ proposals: z.array(pageProposalForReviewSchema) });
export type PageProposalsResponse = z.infer<typeof pageProposalsResponseSchema>;

export const rejectPageProposalRequestSchema = z.object({
  reason: z
    .string('Say why, for the monastery’s staff.')
    .trim()
    .min(1, 'Say why, for the monastery’s staff.')
    .max(1000, 'The reason can be at most 1000 characters.'),
});
export type RejectPageProposalRequest = z.input<typeof rejectPageProposalRequestSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const getOwnMonasteryPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery-page',
  access: { roles: ['monastery'] },
  summary: 'The staff member’s monastery page: live, the change waiting for review, the last decision',
  tags: ['monastery page'],
  responses: { 200: ownMonasteryPageResponseSchema },
  errors: [401, 403],
});

export const saveOwnMonasteryPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monastery-page',
  access: { roles: ['monastery'] },
  summary:
    'Staff change their monastery’s page: live at once, or a proposal for an administrator when review is on',
  tags: ['monastery page'],
  body: monasteryPageRequestSchema,
  consumes: 'multipart/form-data',
  responses: { 200: ownMonasteryPageResponseSchema },
  errors: [401, 403, 409, 413, 422],
});

export const listPageProposalsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/monastery-pages',
  access: { roles: ['admin'] },
  summary: 'Monastery page changes waiting for review, each with the live page and the proposed one',
  tags: ['monastery page'],
  responses: { 200: pageProposalsResponseSchema },
  errors: [401, 403],
});

export const approvePageProposalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/monastery-pages/:id/approve',
  access: { roles: ['admin'] },
  summary: 'Approve a monastery page change: it goes live (refused when the monastery changed since)',
  tags: ['monastery page'],
  params: idParamsSchema,
  responses: { 200: pageProposalsResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const rejectPageProposalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/monastery-pages/:id/reject',
  access: { roles: ['admin'] },
  summary: 'Reject a monastery page change, with the reason the staff read',
  tags: ['monastery page'],
  params: idParamsSchema,
  body: rejectPageProposalRequestSchema,
  responses: { 200: pageProposalsResponseSchema },
  errors: [401, 403, 404, 409, 422],
});
