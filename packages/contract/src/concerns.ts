import { CONCERN_KINDS, CONCERN_MESSAGE_MAX_LENGTH, PAYMENT_PROVIDERS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { isWholePaisa } from './money.ts';
import {
  concernSchema,
  ISO_DATE_PATTERN,
  orderIdParamsSchema,
  orderImageSchema,
  orderResponseSchema,
  prayerNameSchema,
} from './orders.ts';
import { refundSchema } from './payments.ts';
import { z } from './zod.ts';

/**
 * Concerns (docs/decisions/036, docs/api.md#concerns): a patron who doubts that a performed puja was done as
 * ordered raises one on the order within the concern window; administrators resolve it by a refund (all or
 * part of what remains refundable), a redo on a new date, or a reasoned rejection.
 */

// Whole sentences: the API finds each by its English words to answer in the request's language.
export const raiseConcernRequestSchema = z.object({
  kind: z.enum(CONCERN_KINDS, { error: 'Choose what went wrong.' }),
  message: z
    .string({ error: 'Say what went wrong.' })
    .trim()
    .min(1, 'Say what went wrong.')
    .max(CONCERN_MESSAGE_MAX_LENGTH, `A message can be at most ${CONCERN_MESSAGE_MAX_LENGTH} characters.`),
});
export type RaiseConcernRequest = z.input<typeof raiseConcernRequestSchema>;

const resolutionNote = z
  .string()
  .trim()
  .max(CONCERN_MESSAGE_MAX_LENGTH, `A note can be at most ${CONCERN_MESSAGE_MAX_LENGTH} characters.`)
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * One of the three resolutions. A refund's `amount` is rupees with at most two decimals (paisa); the server
 * checks it against what remains refundable and never takes more.
 */
export const resolveConcernRequestSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('refund'),
      amount: z.coerce
        .number({ error: 'Enter the amount to refund in rupees.' })
        .positive('Enter the amount to refund in rupees.')
        .max(10_000_000, 'Enter the amount to refund in rupees.')
        .refine(isWholePaisa, {
          error: 'An amount has at most two decimals (paisa).',
        }),
      note: resolutionNote,
    }),
    z.object({
      outcome: z.literal('redo'),
      date: z.string({ error: 'Choose a date.' }).trim().regex(ISO_DATE_PATTERN, 'Choose a date.'),
      note: resolutionNote,
    }),
    z.object({
      outcome: z.literal('reject'),
      note: z
        .string({ error: 'Give the patron the reason.' })
        .trim()
        .min(1, 'Give the patron the reason.')
        .max(CONCERN_MESSAGE_MAX_LENGTH, `A note can be at most ${CONCERN_MESSAGE_MAX_LENGTH} characters.`),
    }),
  ],
  { error: 'Choose a refund, a redo or a rejection.' },
);
export type ResolveConcernRequest = z.input<typeof resolveConcernRequestSchema>;

/** A concern in the administrators' queue, with its order and the order's proof beside it. */
export const adminConcernSchema = concernSchema
  .extend({
    order: z.object({
      id: z.number().int(),
      number: z.string(),
      monastery: z.string(),
      puja: z.string(),
      /** The puja's day, `YYYY-MM-DD` (Nepal). */
      puja_date: z.string(),
      status: z.string(),
      /** When the puja was recorded as performed (ISO). */
      completed_at: z.string().nullable(),
      patron: z.string(),
      amount: z.number().nonnegative(),
      provider: z.enum(PAYMENT_PROVIDERS).nullable(),
      /** What a refund may still return, in rupees: the kept payment less every refund of it, made or due. */
      refundable: z.number().nonnegative(),
      /** The refunds of the order's payment so far, oldest first (docs/decisions/044). */
      refunds: z.array(refundSchema),
      intention: z.string().nullable(),
    }),
    /** The names to pray for, each with when it was ticked as read. */
    names: z.array(prayerNameSchema),
    /** The completion photos, through signed links that expire. */
    images: z.array(orderImageSchema),
  })
  .meta({ id: 'AdminConcern' });
export type AdminConcern = z.infer<typeof adminConcernSchema>;

/** The most concerns the queue answers at once: open ones oldest first, or resolved ones newest first. */
export const ADMIN_CONCERNS_LIMIT = 50;
export const adminConcernsQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'Choose open or resolved concerns.' }).default('open'),
});
export const adminConcernsResponseSchema = z.object({
  concerns: z.array(adminConcernSchema),
  /** Open concerns in all (the queue may show fewer). */
  open: z.number().int().nonnegative(),
});
export type AdminConcernsResponse = z.infer<typeof adminConcernsResponseSchema>;

export const concernIdParamsSchema = z.object({ concernId: idSchema() });
export const resolveConcernResponseSchema = z.object({ concern: adminConcernSchema, message: z.string() });
export type ResolveConcernResponse = z.infer<typeof resolveConcernResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const raiseConcernEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/order/:orderId/concern',
  access: { roles: ['user'] },
  summary:
    'The patron raises a concern about their performed puja, within the concern window; one open at a time',
  tags: ['orders'],
  params: orderIdParamsSchema,
  body: raiseConcernRequestSchema,
  responses: { 200: orderResponseSchema },
  errors: [401, 403, 404, 409, 422, 429],
});

export const adminConcernsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/concerns',
  access: { roles: ['admin'] },
  summary: 'Concerns to resolve (oldest first) or resolved (newest first), each with its order’s proof',
  tags: ['concerns'],
  query: adminConcernsQuerySchema,
  responses: { 200: adminConcernsResponseSchema },
  errors: [401, 403, 422],
});

export const resolveConcernEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/concerns/:concernId/resolve',
  access: { roles: ['admin'] },
  summary: 'Resolve an open concern: a refund (all or part), a redo on a new date, or a reasoned rejection',
  tags: ['concerns'],
  params: concernIdParamsSchema,
  body: resolveConcernRequestSchema,
  responses: { 200: resolveConcernResponseSchema },
  errors: [401, 403, 404, 409, 422],
});
