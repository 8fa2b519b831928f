import { ORDER_STATUSES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { ISO_DATE_PATTERN, orderSchema, prayerNameSchema } from './orders.ts';
import { z } from './zod.ts';

/**
 * The run sheet (docs/decisions/035): a monastery's pujas of one day, for the monks who perform them, with
 * each order's names to read and its intention; staff tick each name as read during the puja.
 */

/** The most orders one run sheet carries; a day with more says how many it left out. */
export const RUN_SHEET_MAX_ORDERS = 200;
/** The languages the printed run sheet is written in (its labels; names stay as the patron wrote them). */
export const RUN_SHEET_LANGUAGES = ['en', 'ne'] as const;
export type RunSheetLanguage = (typeof RUN_SHEET_LANGUAGES)[number];

const runSheetDay = z.string().trim().regex(ISO_DATE_PATTERN, 'Choose a date.').optional();

/** `date`: the day (Nepal), today in Nepal when left out. */
export const runSheetQuerySchema = z.object({ date: runSheetDay });
/** The printed sheet's and the CSV's query: `lang` is the language of their words (the plan's label). */
export const runSheetPdfQuerySchema = z.object({
  date: runSheetDay,
  lang: z.enum(RUN_SHEET_LANGUAGES, { error: 'Choose English or Nepali.' }).default('en'),
});

/** A name on the run sheet: as orders show it, and who ticked it. */
export const runSheetNameSchema = prayerNameSchema
  .extend({ read_by: z.string().nullable() })
  .meta({ id: 'RunSheetName' });
export type RunSheetName = z.infer<typeof runSheetNameSchema>;

export const runSheetOrderSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** The patron's name as their account gives it. */
    patron: z.string(),
    intention: z.string().nullable(),
    names: z.array(runSheetNameSchema),
    /** The dedication plan it is an occurrence of, as an order says it (docs/decisions/055, 056). */
    plan: orderSchema.shape.plan,
  })
  .meta({ id: 'RunSheetOrder' });
export type RunSheetOrder = z.infer<typeof runSheetOrderSchema>;

/** One puja at one time of day (null: no time set), its orders oldest first. */
export const runSheetGroupSchema = z
  .object({
    puja: z.object({ id: z.number().int(), name: z.string() }),
    time: z.string().nullable(),
    orders: z.array(runSheetOrderSchema),
  })
  .meta({ id: 'RunSheetGroup' });
export type RunSheetGroup = z.infer<typeof runSheetGroupSchema>;

export const runSheetResponseSchema = z.object({
  /** The day shown (`YYYY-MM-DD`, Nepal). */
  date: z.string(),
  /** Today in Nepal: names are ticked on the day of their puja. */
  today: z.string(),
  /** Timed pujas first, earliest first; then those without a time, by puja. */
  groups: z.array(runSheetGroupSchema),
  /** The day's approved and completed orders in all; more than RUN_SHEET_MAX_ORDERS are not all shown. */
  total: z.number().int().nonnegative(),
});
export type RunSheetResponse = z.infer<typeof runSheetResponseSchema>;

export const prayerNameParamsSchema = z.object({ nameId: idSchema() });
export const prayerNameResponseSchema = z.object({ name: runSheetNameSchema });
export type PrayerNameResponse = z.infer<typeof prayerNameResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const runSheetEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/run-sheet',
  access: { roles: ['monastery'] },
  summary:
    'The monastery’s pujas of one day (today in Nepal by default), grouped by puja and time, with the names to read',
  tags: ['order handling'],
  query: runSheetQuerySchema,
  responses: { 200: runSheetResponseSchema },
  errors: [401, 403, 422],
});

export const runSheetPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/run-sheet.pdf',
  access: { roles: ['monastery'] },
  summary: 'The run sheet of one day as a printable A4 PDF, in English or Nepali',
  tags: ['order handling'],
  query: runSheetPdfQuerySchema,
  responses: {},
  file: 'application/pdf',
  errors: [401, 403, 422],
});

export const runSheetCsvEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/run-sheet.csv',
  access: { roles: ['monastery'] },
  summary:
    'The run of one day as CSV, one row per name (UTF-8 with a byte-order mark, Nepal times with the offset)',
  tags: ['order handling'],
  query: runSheetPdfQuerySchema,
  responses: {},
  file: 'text/csv',
  errors: [401, 403, 422],
});

export const markNameReadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/prayer-names/:nameId/read',
  access: { roles: ['monastery'] },
  summary: 'Tick a name as read during its puja (an approved or completed order whose day has come)',
  tags: ['order handling'],
  params: prayerNameParamsSchema,
  responses: { 200: prayerNameResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const unmarkNameReadEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/prayer-names/:nameId/read',
  access: { roles: ['monastery'] },
  summary: 'Take back a name’s tick, on the day it was ticked (Nepal time)',
  tags: ['order handling'],
  params: prayerNameParamsSchema,
  responses: { 200: prayerNameResponseSchema },
  errors: [401, 403, 404, 409, 422],
});
