import { isCalendarDate } from './business-time.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { z } from './zod.ts';

/**
 * Commission per monastery, payout details and payouts (docs/decisions/033, docs/api.md "Payouts").
 * Amounts are rupees, like everywhere else in the API; days are `YYYY-MM-DD` in the business time zone.
 */

export const PAYOUT_METHODS = ['bank', 'esewa', 'khalti'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_STATUSES = ['in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_RUN_STATUSES = ['open', 'closed'] as const;
export const PAYOUT_RUN_TRIGGERS = ['schedule', 'admin'] as const;

/**
 * Why a monastery is not paid in the next run: no payout details yet, details changed recently (held
 * until `hold_until`), nothing due (a balance at or below zero: a clawback waiting for later earnings), or
 * less than the minimum.
 */
export const PAYOUT_HOLD_REASONS = ['no_details', 'details_changed', 'nothing_due', 'below_minimum'] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

const day = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDate, message);

export const monasteryIdParamsSchema = z.object({ monasteryId: idSchema() });
export const payoutRunIdParamsSchema = z.object({ runId: idSchema() });
export const payoutIdParamsSchema = z.object({ payoutId: idSchema() });

// ---- Commission ----

export const commissionRateSchema = z
  .object({
    id: z.number().int(),
    /** 100 basis points = 1 %. */
    basis_points: z.number().int(),
    effective_from: z.string(),
    created_at: z.string(),
    created_by: z.string(),
  })
  .meta({ id: 'CommissionRate' });
export type CommissionRate = z.infer<typeof commissionRateSchema>;

/** The rate in force today: a monastery's own, or the configured default when it has none in force. */
export const currentCommissionSchema = z
  .object({
    basis_points: z.number().int(),
    /** The day it took effect; null for the default. */
    effective_from: z.string().nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'CurrentCommission' });
export type CurrentCommission = z.infer<typeof currentCommissionSchema>;

export const COMMISSION_HISTORY_LIMIT = 100;
export const commissionRatesResponseSchema = z.object({
  current: currentCommissionSchema,
  /** A rate set to take effect later, if any (the soonest). */
  upcoming: commissionRateSchema.nullable(),
  default_basis_points: z.number().int(),
  /** The newest COMMISSION_HISTORY_LIMIT rates, latest effective day first. */
  rates: z.array(commissionRateSchema),
});
export type CommissionRatesResponse = z.infer<typeof commissionRatesResponseSchema>;

export const setCommissionRateRequestSchema = z.object({
  basis_points: z.coerce
    .number({ error: 'Enter the rate in basis points (1000 = 10 %).' })
    .int('Enter a whole number of basis points.')
    .min(0, 'The rate is between 0 and 10000 basis points.')
    .max(10_000, 'The rate is between 0 and 10000 basis points.'),
  effective_from: day('Enter the first day of the rate as YYYY-MM-DD.'),
});
export type SetCommissionRateRequest = z.input<typeof setCommissionRateRequestSchema>;

// ---- Payout details ----

export const payoutDetailsSchema = z
  .object({
    id: z.number().int(),
    method: z.enum(PAYOUT_METHODS),
    account_holder: z.string(),
    bank_name: z.string().nullable(),
    branch: z.string().nullable(),
    /** Whole in the monastery's current details; masked (`••••6789`) in its history. */
    account: z.string(),
    created_at: z.string(),
    created_by: z.string(),
  })
  .meta({ id: 'PayoutDetails' });
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

export const PAYOUT_DETAILS_HISTORY_LIMIT = 50;
export const payoutDetailsResponseSchema = z.object({
  current: payoutDetailsSchema.nullable(),
  /** Until then (a moment) the monastery's payouts are held after its details changed; null when not held. */
  hold_until: z.string().nullable(),
  /** The earlier details, newest first, masked (at most PAYOUT_DETAILS_HISTORY_LIMIT). */
  history: z.array(payoutDetailsSchema),
});
export type PayoutDetailsResponse = z.infer<typeof payoutDetailsResponseSchema>;

const detailText = (missing: string) =>
  z.string().trim().min(2, missing).max(100, 'This can be at most 100 characters.');
export const setPayoutDetailsRequestSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS, { error: 'Choose bank, eSewa or Khalti.' }),
    account_holder: detailText('Enter the account holder’s name.'),
    bank_name: detailText('Enter the bank’s name.').optional(),
    branch: detailText('Enter the branch.').optional(),
    account: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{5,34}$/, 'Enter the account number or wallet id: 5 to 34 letters, digits or -.'),
  })
  .refine((details) => details.method !== 'bank' || details.bank_name, {
    error: 'Enter the bank’s name.',
    path: ['bank_name'],
  })
  .transform((details) =>
    // A wallet has no bank or branch: whatever was sent for them is dropped.
    details.method === 'bank' ? details : { ...details, bank_name: undefined, branch: undefined },
  );
export type SetPayoutDetailsRequest = z.input<typeof setPayoutDetailsRequestSchema>;

// ---- What is owed, runs and payouts ----

export const monasteryOwedSchema = z
  .object({
    monastery: z.object({ id: z.number().int(), name: z.string() }),
    /** Everything the monastery has earned: its completed orders less commission. */
    earned: z.number(),
    /** Taken back from it: refunds of pujas performed. */
    clawed_back: z.number(),
    /** Paid to it (transfers recorded) and on its way (in transit). */
    paid_out: z.number(),
    in_transit: z.number(),
    /** Its payable balance: earned − clawed back − paid out − in transit. May be negative. */
    balance: z.number(),
    /** Earned by orders with an open concern: not paid until it closes. */
    held: z.number(),
    /** The balance less what is held; paid in the next run unless `hold_reason` says why not. */
    due_now: z.number(),
    hold_reason: z.enum(PAYOUT_HOLD_REASONS).nullable(),
    /** With `details_changed`: the moment the hold ends. */
    hold_until: z.string().nullable(),
    payout_method: z.enum(PAYOUT_METHODS).nullable(),
    commission_basis_points: z.number().int(),
  })
  .meta({ id: 'MonasteryOwed' });
export type MonasteryOwed = z.infer<typeof monasteryOwedSchema>;

export const ADMIN_PAYOUTS_PAGE_SIZE = 50;
export const payoutsOverviewResponseSchema = z.object({
  monasteries: z.array(monasteryOwedSchema),
  ...pageInfoSchema.shape,
  /** What a run made now would pay, over every monastery. */
  next_run: z.object({ monasteries: z.number().int().nonnegative(), amount: z.number().nonnegative() }),
  /** The next scheduled run's day, and whether a run was already made today. */
  next_payout_on: z.string(),
  ran_today: z.boolean(),
  schedule: z.string(),
  minimum: z.number(),
});
export type PayoutsOverviewResponse = z.infer<typeof payoutsOverviewResponseSchema>;

export const payoutSchema = z
  .object({
    id: z.number().int(),
    run_id: z.number().int(),
    run_on: z.string(),
    monastery: z.object({ id: z.number().int(), name: z.string() }),
    amount: z.number(),
    status: z.enum(PAYOUT_STATUSES),
    method: z.enum(PAYOUT_METHODS),
    account: z.string(),
    reference: z.string().nullable(),
    paid_on: z.string().nullable(),
    failure_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

export const payoutRunSchema = z
  .object({
    id: z.number().int(),
    run_on: z.string(),
    trigger: z.enum(PAYOUT_RUN_TRIGGERS),
    status: z.enum(PAYOUT_RUN_STATUSES),
    created_at: z.string(),
    created_by: z.string().nullable(),
    payouts: z.number().int(),
    amount: z.number(),
    in_transit: z.number().int(),
    paid: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'PayoutRun' });
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const PAYOUT_RUNS_PAGE_SIZE = 25;
export const payoutRunsResponseSchema = z.object({
  runs: z.array(payoutRunSchema),
  ...pageInfoSchema.shape,
});
export type PayoutRunsResponse = z.infer<typeof payoutRunsResponseSchema>;

/** A run with its payouts (one per monastery, so as many as there are monasteries). */
export const payoutRunResponseSchema = z.object({
  run: payoutRunSchema,
  payouts: z.array(payoutSchema),
});
export type PayoutRunResponse = z.infer<typeof payoutRunResponseSchema>;

export const startPayoutRunResponseSchema = payoutRunResponseSchema.extend({
  /** False when today's run already existed: the click changed nothing. */
  created: z.boolean(),
  message: z.string(),
});
export type StartPayoutRunResponse = z.infer<typeof startPayoutRunResponseSchema>;

export const recordTransferRequestSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(3, 'Enter the transfer’s reference from the bank or wallet.')
    .max(100, 'A reference can be at most 100 characters.'),
  paid_on: day('Enter the day of the transfer as YYYY-MM-DD.'),
});
export type RecordTransferRequest = z.input<typeof recordTransferRequestSchema>;

export const failTransferRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the transfer failed.')
    .max(500, 'The reason can be at most 500 characters.'),
});
export type FailTransferRequest = z.input<typeof failTransferRequestSchema>;

export const payoutResponseSchema = z.object({ payout: payoutSchema, message: z.string() });
export type PayoutResponse = z.infer<typeof payoutResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

const admin = { roles: ['admin'] } as const;

export const commissionRatesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/monasteries/:monasteryId/commission-rates',
  access: admin,
  summary: 'A monastery’s commission rate in force, and its history',
  tags: ['admin', 'payouts'],
  params: monasteryIdParamsSchema,
  responses: { 200: commissionRatesResponseSchema },
  errors: [401, 403, 404, 422],
});

export const setCommissionRateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/monasteries/:monasteryId/commission-rates',
  access: admin,
  summary: 'Add a commission rate for a monastery from a day on (today or later)',
  tags: ['admin', 'payouts'],
  params: monasteryIdParamsSchema,
  body: setCommissionRateRequestSchema,
  responses: { 200: commissionRatesResponseSchema },
  errors: [401, 403, 404, 422],
});

export const payoutDetailsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/monasteries/:monasteryId/payout-details',
  access: admin,
  summary: 'Where a monastery’s payouts are sent, and the earlier details (masked)',
  tags: ['admin', 'payouts'],
  params: monasteryIdParamsSchema,
  responses: { 200: payoutDetailsResponseSchema },
  errors: [401, 403, 404, 422],
});

export const setPayoutDetailsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/monasteries/:monasteryId/payout-details',
  access: admin,
  summary: 'Set where a monastery’s payouts are sent (a change holds its payouts for a few days)',
  tags: ['admin', 'payouts'],
  params: monasteryIdParamsSchema,
  body: setPayoutDetailsRequestSchema,
  responses: { 200: payoutDetailsResponseSchema },
  errors: [401, 403, 404, 422],
});

export const payoutsOverviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payouts',
  access: admin,
  summary: 'What is owed to each monastery, and what a run now would pay',
  tags: ['admin', 'payouts'],
  query: pageQuerySchema,
  responses: { 200: payoutsOverviewResponseSchema },
  errors: [401, 403, 422],
});

export const payoutRunsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payout-runs',
  access: admin,
  summary: 'Payout runs, newest first',
  tags: ['admin', 'payouts'],
  query: pageQuerySchema,
  responses: { 200: payoutRunsResponseSchema },
  errors: [401, 403, 422],
});

export const startPayoutRunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payout-runs',
  access: admin,
  summary: 'Run payouts now (one run a day: again the same day answers that run)',
  tags: ['admin', 'payouts'],
  responses: { 200: startPayoutRunResponseSchema },
  errors: [401, 403, 409],
});

export const payoutRunEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payout-runs/:runId',
  access: admin,
  summary: 'A payout run with its payouts',
  tags: ['admin', 'payouts'],
  params: payoutRunIdParamsSchema,
  responses: { 200: payoutRunResponseSchema },
  errors: [401, 403, 404, 422],
});

export const payoutRunTransfersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payout-runs/:runId/transfers.csv',
  access: admin,
  summary: 'The bank-transfer file of a run: its payouts still in transit',
  tags: ['admin', 'payouts'],
  params: payoutRunIdParamsSchema,
  responses: {},
  file: 'text/csv',
  errors: [401, 403, 404, 422],
});

export const recordTransferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payouts/:payoutId/record-transfer',
  access: admin,
  summary: 'Record a payout’s transfer with its reference and day',
  tags: ['admin', 'payouts'],
  params: payoutIdParamsSchema,
  body: recordTransferRequestSchema,
  responses: { 200: payoutResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const failTransferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payouts/:payoutId/fail',
  access: admin,
  summary: 'Mark a payout’s transfer failed: its money returns to the monastery’s balance',
  tags: ['admin', 'payouts'],
  params: payoutIdParamsSchema,
  body: failTransferRequestSchema,
  responses: { 200: payoutResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

/** The monastery's staff read the commission rate they are charged (shown on their Earnings screen). */
export const ownCommissionRateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery-commission',
  access: { roles: ['monastery'] },
  summary: 'The commission rate in force for the staff member’s monastery, and any set to come',
  tags: ['payouts'],
  responses: {
    200: z.object({
      current: currentCommissionSchema,
      upcoming: z.object({ basis_points: z.number().int(), effective_from: z.string() }).nullable(),
    }),
  },
  errors: [401, 403],
});
