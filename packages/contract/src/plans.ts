import { addDays, isCalendarDate } from './business-time.ts';
import { FORTY_NINE_DAY_SCHEDULE, PLAN_KINDS, type PlanKind } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { formBoolean, idSchema, uploadedFileSchema } from './input-rules.ts';
import {
  createOrderRequestSchema,
  ISO_DATE_PATTERN,
  listFromForm,
  orderSchema,
  PRAYER_NAME_MAX_LENGTH,
} from './orders.ts';
import { esewaProcessResponseSchema, khaltiProcessResponseSchema } from './payments.ts';
import { signedFileQuerySchema } from './proof.ts';
import { datesOnLunarDay } from './tibetan-calendar.ts';
import { z } from './zod.ts';

/** Dedication plans (docs/decisions/055): one puja offered over time, each occurrence its own order. */

export const PLAN_MONTHS_MAX = 12;
export const PLAN_YEARS_MAX = 5;
/** A Tibetan month's lunar days are numbered 1 to 30 (a number may be skipped or doubled). */
export const LUNAR_DAYS_IN_MONTH = 30;
/**
 * A plan paid each (docs/decisions/058): an occurrence is payable until the start of this many days before
 * its day (Nepal), so the monastery knows a few days ahead; placed later than that, the payment window.
 */
export const PAY_EACH_DAYS_BEFORE = 3;
/** The patron is reminded this many days before an occurrence's payment is due. */
export const PAY_EACH_REMINDER_DAYS = 2;
/** The patron's plans, newest first, at most this many (a family orders a few). */
export const OWN_PLANS_LIMIT = 50;

/** What the patron says of the person a plan is dedicated to when they have died (issue 33, item 4). */
export const departedSchema = z.object({
  name: z
    .string({ error: 'Write the name of the person who died.' })
    .trim()
    .min(1, 'Write the name of the person who died.')
    .max(PRAYER_NAME_MAX_LENGTH, `A name can be at most ${PRAYER_NAME_MAX_LENGTH} characters.`),
  date_of_death: z
    .string({ error: 'Choose the date of death.' })
    .trim()
    .regex(ISO_DATE_PATTERN, 'Choose the date of death.'),
});
export type DepartedInput = z.input<typeof departedSchema>;

const { monastery, puja, cost, payment, names, intention, idempotency_key } = createOrderRequestSchema.shape;

export const createPlanRequestSchema = z.object({
  monastery,
  puja,
  /** The price of one occurrence the person saw; the server compares it with the current price. */
  cost,
  kind: z.enum(PLAN_KINDS, { error: 'Choose a plan.' }),
  payment: payment.default('esewa'),
  /** Required for the 49 days, which count from the date of death; allowed for any plan. */
  departed: z.preprocess(listFromForm, departedSchema.nullish()),
  /** Monthly: the day of each month (29–31 fall on a shorter month's last day). */
  day_of_month: z.coerce.number().int('Choose a day of the month.').min(1).max(31).optional(),
  /** Tibetan day: the lunar day of each Tibetan month (10: Guru Rinpoche day). */
  lunar_day: z.coerce
    .number({ error: 'Choose a lunar day.' })
    .int('Choose a lunar day.')
    .min(1, 'Choose a lunar day.')
    .max(LUNAR_DAYS_IN_MONTH, 'Choose a lunar day.')
    .optional(),
  /** Yearly: the date whose anniversaries the pujas fall on (its year does not matter). */
  anniversary: z.string().trim().regex(ISO_DATE_PATTERN, 'Choose the anniversary.').optional(),
  /** Monthly and Tibetan day: how many months; yearly: how many years. */
  count: z.coerce.number().int().min(1).optional(),
  /**
   * Pay each occurrence on its own, where the offering allows it (docs/decisions/058); false or left out:
   * the plan is paid whole.
   */
  pay_each: formBoolean('Choose how to pay.').default(false),
  names,
  intention,
  idempotency_key,
});
export type CreatePlanRequest = z.input<typeof createPlanRequestSchema>;
/** A plan request as the server reads it (coerced, defaults applied). */
export type CreatePlanFields = z.output<typeof createPlanRequestSchema>;

export const planSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PLAN_KINDS),
    /** `active` while an occurrence is still to come, `cancelled` once the patron ended it, else `finished`. */
    status: z.enum(['active', 'finished', 'cancelled']),
    monastery_puja: orderSchema.shape.monastery_puja,
    /**
     * `photo_url`: the departed's photo through a signed link that expires after 15 minutes, or null
     * (docs/decisions/060). The server always sends it; optional so an older answer reads.
     */
    departed: z
      .object({ name: z.string(), date_of_death: z.string(), photo_url: z.string().nullable().optional() })
      .nullable(),
    day_of_month: z.number().int().nullable(),
    anniversary: z.string().nullable(),
    /** A Tibetan-day plan's lunar day (1–30). The server always sends it; optional so an older answer reads. */
    lunar_day: z.number().int().nullable().optional(),
    /** One occurrence's price (rupees). */
    amount_each: z.number().nonnegative(),
    /** What paying the plan whole now costs: its occurrences still waiting for payment (rupees). */
    amount_to_pay: z.number().nonnegative(),
    created_at: z.string(),
    /**
     * Paid occurrence by occurrence (docs/decisions/058): each occurrence's order is paid on its own, by
     * its `pay_by`. The server always sends it; optional so an older answer reads.
     */
    pay_each: z.boolean().optional(),
    /** When the patron paused the plan (a pay-each plan only); null while it runs. */
    paused_at: z.string().nullable().optional(),
    /**
     * Each occurrence, by day: its own order (number, state, money, proof). `day_unavailable` says the
     * monastery does not take orders that day (closed or full): its staff will choose another day near it.
     */
    occurrences: z.array(
      z.object({
        occurrence: z.number().int(),
        day_unavailable: z.boolean(),
        /** Paused with its plan while unpaid: not payable, holding no place, until the plan resumes. */
        paused: z.boolean().optional(),
        order: orderSchema,
      }),
    ),
  })
  .meta({ id: 'DedicationPlan' });
export type Plan = z.infer<typeof planSchema>;

export const planResponseSchema = z.object({ plan: planSchema });
export type PlanResponse = z.infer<typeof planResponseSchema>;
export const ownPlansResponseSchema = z.object({ plans: z.array(planSchema) });
export type OwnPlansResponse = z.infer<typeof ownPlansResponseSchema>;

export const planIdParamsSchema = z.object({ planId: idSchema() });
export const planOccurrenceParamsSchema = z.object({ planId: idSchema(), orderId: idSchema() });

/** The departed's photo (docs/decisions/060): one picture, judged by its bytes and re-encoded as a WebP. */
export const departedPhotoRequestSchema = z.object({
  photo: uploadedFileSchema('One photo of the person who died (multipart)'),
});
/** A departed's photo's signed link: the plan, and the photo's own random name, which changes when it is replaced. */
export const departedPhotoParamsSchema = z.object({
  planId: idSchema(),
  photo: z.string().regex(/^[0-9a-f]{32}$/, 'Not a photo.'),
});

/**
 * The days of a plan's pujas, in order. `firstDay`: the earliest day the monastery can still take (days
 * before it have passed and are left out). `schedule`: the monastery's own days after a death, if any.
 */
export function planDays(
  plan: {
    kind: PlanKind;
    dateOfDeath?: string | null | undefined;
    dayOfMonth?: number | null | undefined;
    anniversary?: string | null | undefined;
    lunarDay?: number | null | undefined;
    count?: number | null | undefined;
  },
  firstDay: string,
  schedule?: readonly number[] | null,
): string[] {
  if (plan.kind === 'forty_nine_days') {
    if (!plan.dateOfDeath || !isCalendarDate(plan.dateOfDeath)) return [];
    const dateOfDeath = plan.dateOfDeath;
    return (schedule ?? FORTY_NINE_DAY_SCHEDULE)
      .map((after) => addDays(dateOfDeath, after))
      .filter((day) => day >= firstDay);
  }
  const count = plan.count ?? 0;
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  const days: string[] = [];
  if (plan.kind === 'monthly') {
    if (!plan.dayOfMonth) return [];
    // From the first day's month: this month's day when it has not passed, else next month's.
    for (let step = 0; days.length < count; step += 1) {
      const day = dayOfMonthIn(year, month - 1 + step, plan.dayOfMonth);
      if (day >= firstDay) days.push(day);
    }
    return days;
  }
  if (plan.kind === 'tibetan_day') {
    if (!plan.lunarDay || !Number.isInteger(plan.lunarDay) || plan.lunarDay > LUNAR_DAYS_IN_MONTH) return [];
    // One day per Tibetan month, a doubled (leap) month's two included; 32 days a month reaches past the
    // last one asked for, since a Tibetan month is never longer than 30 civil days.
    return datesOnLunarDay(firstDay, addDays(firstDay, 32 * (count + 1)), plan.lunarDay)
      .slice(0, count)
      .map((found) => found.date);
  }
  if (!plan.anniversary || !isCalendarDate(plan.anniversary)) return [];
  const [, anniversaryMonth, anniversaryDay] = plan.anniversary.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  for (let step = 0; days.length < count; step += 1) {
    const day = dayOfMonthIn(year + step, anniversaryMonth - 1, anniversaryDay);
    if (day >= firstDay) days.push(day);
  }
  return days;
}

/** The `day`th of a month (0-based, may run past December), or its last day when the month is shorter. */
function dayOfMonthIn(year: number, monthIndex: number, day: number): string {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

// ---- Endpoints (docs/decisions/014) ----

export const placePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans',
  access: { roles: ['user'] },
  summary: 'Order a dedication plan: an order for each occurrence, at the monastery’s current price',
  tags: ['plans'],
  body: createPlanRequestSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 422, 429],
});

export const ownPlansEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/plans',
  access: { roles: ['user'] },
  summary: 'The patron’s own dedication plans, newest first',
  tags: ['plans'],
  responses: { 200: ownPlansResponseSchema },
  errors: [401, 403],
});

export const planEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/plans/:planId',
  access: { roles: ['user'] },
  summary: 'One of the patron’s dedication plans with its occurrences',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404],
});

export const startPlanEsewaPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/esewa-process',
  access: { roles: ['user'] },
  summary: 'Signed eSewa form fields to pay a plan whole',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: esewaProcessResponseSchema },
  errors: [401, 403, 404, 409],
});

export const startPlanKhaltiPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/khalti-process',
  access: { roles: ['user'] },
  summary: 'Start a Khalti payment of a whole plan',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: khaltiProcessResponseSchema },
  errors: [401, 403, 404, 409, 503],
});

export const skipPlanOccurrenceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/occurrences/:orderId/skip',
  access: { roles: ['user'] },
  summary: 'Skip one occurrence not yet approved; its share of a payment is refunded',
  tags: ['plans'],
  params: planOccurrenceParamsSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404, 409],
});

export const cancelPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/cancel',
  access: { roles: ['user'] },
  summary: 'End a plan: every occurrence not yet approved is cancelled and its share refunded',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404, 409],
});

export const uploadDepartedPhotoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/departed-photo',
  access: { roles: ['user'] },
  summary:
    'Add or replace the photo of the person a plan is dedicated to (private: the patron and the monastery’s staff)',
  tags: ['plans'],
  params: planIdParamsSchema,
  body: departedPhotoRequestSchema,
  consumes: 'multipart/form-data',
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404, 409, 413, 422],
});

export const removeDepartedPhotoEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/plans/:planId/departed-photo',
  access: { roles: ['user'] },
  summary: 'Remove the photo of the person a plan is dedicated to',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404],
});

/** The signature is the credential, handed only to the plan's patron and its monastery's staff. */
export const departedPhotoFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/departed-photos/:planId/:photo',
  access: 'public',
  summary: 'The departed’s photo, through a signed, expiring link',
  tags: ['plans'],
  params: departedPhotoParamsSchema,
  query: signedFileQuerySchema,
  responses: {},
  file: 'image/webp',
  errors: [403, 404],
});

export const pausePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/pause',
  access: { roles: ['user'] },
  summary:
    'Pause a plan paid each: its unpaid occurrences to come stop being due and free their days, no reminders',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404, 409],
});

export const resumePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans/:planId/resume',
  access: { roles: ['user'] },
  summary: 'Resume a paused plan: its paused occurrences whose day has not passed are due again',
  tags: ['plans'],
  params: planIdParamsSchema,
  responses: { 200: planResponseSchema },
  errors: [401, 403, 404, 409],
});
