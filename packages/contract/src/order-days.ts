import { TIME_OF_DAY_PATTERN } from './business-time.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { ISO_DATE_PATTERN, listFromForm } from './orders.ts';
import { monasteryIdParamsSchema } from './payouts.ts';
import { recordVersionSchema } from './record-version.ts';
import { z } from './zod.ts';

/*
 * Which days a monastery takes orders for (docs/decisions/040): a number of pujas a day (for the monastery,
 * and for one puja), closed days with a message to patrons, and a cut-off for tomorrow's pujas, all in
 * Nepal time. The order form reads the days not offered; the server checks the same rules when an order is
 * placed or re-dated.
 */

export const DAILY_CAPACITY_MAX = 10_000;
/** How many days the order form may ask about at once (about three months of a calendar). */
export const UNAVAILABLE_DAYS_MAX_RANGE = 93;
export const CLOSURE_MESSAGE_MAX_LENGTH = 200;
/** A closure spans at most a year, and a monastery keeps at most this many that have not ended. */
export const CLOSURE_MAX_DAYS = 366;
export const CLOSURES_MAX = 100;

/** Why a day is not offered: closed by the monastery, full, or past the cut-off. */
export const UNAVAILABLE_REASONS = ['closed', 'full', 'cutoff'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

const isoDateSchema = z.string().trim().regex(ISO_DATE_PATTERN, 'Choose a date.');

export const unavailableDaysQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    /** The puja being ordered: its own daily limit counts too. */
    puja: idSchema().optional(),
  })
  .refine((query) => query.to >= query.from, { message: 'The end is before the start.', path: ['to'] });
export type UnavailableDaysQuery = z.input<typeof unavailableDaysQuerySchema>;

export const unavailableDaySchema = z.object({
  date: z.string(),
  reason: z.enum(UNAVAILABLE_REASONS),
  /** The monastery's words for a closed day. */
  message: z.string().nullable(),
});
export type UnavailableDay = z.infer<typeof unavailableDaySchema>;

export const unavailableDaysResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The cut-off for tomorrow's pujas (`HH:MM`, Nepal time), or null. */
  cutoff_time: z.string().nullable(),
  days: z.array(unavailableDaySchema),
});
export type UnavailableDaysResponse = z.infer<typeof unavailableDaysResponseSchema>;

const dailyCapacitySchema = z.coerce
  .number({ error: 'Enter a whole number of pujas a day.' })
  .int('Enter a whole number of pujas a day.')
  .min(1, 'A day takes at least 1 puja; leave it empty for no limit.')
  .max(DAILY_CAPACITY_MAX, `A day takes at most ${DAILY_CAPACITY_MAX} pujas.`);

export const closureSchema = z.object({
  id: z.number().int(),
  first_day: z.string(),
  last_day: z.string(),
  message: z.string(),
});
export type Closure = z.infer<typeof closureSchema>;

export const orderDaySettingsSchema = z
  .object({
    monastery_id: z.number().int(),
    daily_capacity: z.number().int().nullable(),
    cutoff_time: z.string().nullable(),
    /** The monastery's pujas, each with its own daily limit or null. */
    pujas: z.array(
      z.object({ puja_id: z.number().int(), name: z.string(), daily_capacity: z.number().int().nullable() }),
    ),
    /** Closures that have not ended, soonest first. */
    closures: z.array(closureSchema),
    version: z.number().int(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'OrderDaySettings' });
export type OrderDaySettings = z.infer<typeof orderDaySettingsSchema>;

export const updateOrderDaySettingsRequestSchema = z.object({
  /** Null or empty: no limit. */
  daily_capacity: z.preprocess((value) => (value === '' ? null : value), dailyCapacitySchema.nullable()),
  /** `HH:MM` Nepal time; null or empty: no cut-off. */
  cutoff_time: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .regex(TIME_OF_DAY_PATTERN, 'Use a time such as 07:00 or 18:30 (Nepal time).')
      .nullable(),
  ),
  /**
   * Each puja's own daily limit (null: none); pujas left out keep theirs. A form (as the web app sends)
   * carries the list as one field holding its JSON, as the order's names are.
   */
  pujas: z
    .preprocess(
      listFromForm,
      z
        .array(z.object({ puja_id: idSchema(), daily_capacity: dailyCapacitySchema.nullable() }))
        .max(200, 'At most 200 pujas at once.'),
    )
    .default([]),
  version: recordVersionSchema,
});
export type UpdateOrderDaySettingsRequest = z.input<typeof updateOrderDaySettingsRequestSchema>;

export const createClosureRequestSchema = z
  .object({
    first_day: isoDateSchema,
    last_day: isoDateSchema,
    message: z
      .string({ error: 'Write a message for patrons.' })
      .trim()
      .min(1, 'Write a message for patrons.')
      .max(
        CLOSURE_MESSAGE_MAX_LENGTH,
        `The message can be at most ${CLOSURE_MESSAGE_MAX_LENGTH} characters.`,
      ),
  })
  .refine((body) => body.last_day >= body.first_day, {
    message: 'The last day is before the first.',
    path: ['last_day'],
  });
export type CreateClosureRequest = z.input<typeof createClosureRequestSchema>;

export const closureParamsSchema = z.object({ monasteryId: idSchema(), closureId: idSchema() });

// ---- Endpoints (docs/decisions/014) ----

export const unavailableDaysEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monasteries/:monasteryId/unavailable-days',
  access: 'public',
  summary: 'The days from..to a monastery does not take orders for, each with why (at most 93 days)',
  tags: ['order days'],
  params: monasteryIdParamsSchema,
  query: unavailableDaysQuerySchema,
  responses: { 200: unavailableDaysResponseSchema },
  errors: [404, 422],
});

const settingsAccess = { roles: ['monastery', 'admin'] } as const;

export const orderDaySettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monasteries/:monasteryId/order-days',
  access: settingsAccess,
  summary: 'A monastery’s daily capacity, cut-off and closed days (its staff and admins)',
  tags: ['order days'],
  params: monasteryIdParamsSchema,
  responses: { 200: orderDaySettingsSchema },
  errors: [401, 403, 404],
});

export const updateOrderDaySettingsEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/monasteries/:monasteryId/order-days',
  access: settingsAccess,
  summary: 'Set a monastery’s daily capacity, per-puja capacity and cut-off (refused from an old version)',
  tags: ['order days'],
  params: monasteryIdParamsSchema,
  body: updateOrderDaySettingsRequestSchema,
  responses: { 200: orderDaySettingsSchema },
  errors: [401, 403, 404, 409, 422],
});

export const createClosureEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monasteries/:monasteryId/closures',
  access: settingsAccess,
  summary: 'Close a monastery to orders for a day or a range of days, with a message to patrons',
  tags: ['order days'],
  params: monasteryIdParamsSchema,
  body: createClosureRequestSchema,
  responses: { 200: orderDaySettingsSchema },
  errors: [401, 403, 404, 422],
});

export const deleteClosureEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/monasteries/:monasteryId/closures/:closureId',
  access: settingsAccess,
  summary: 'Open closed days again',
  tags: ['order days'],
  params: closureParamsSchema,
  responses: { 200: orderDaySettingsSchema },
  errors: [401, 403, 404],
});
