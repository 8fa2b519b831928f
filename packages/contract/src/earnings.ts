import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { cardMoneySchema } from './payments.ts';
import { z } from './zod.ts';

/**
 * A monastery's earnings and monthly statements (docs/decisions/034; docs/api.md "Earnings"). Every figure
 * comes from the ledger's postings on the monastery's accounts (decision 031); money travels as rupees.
 * Staff read their own monastery's; administrators any monastery's.
 */

export const earningsParamsSchema = z.object({ monasteryId: idSchema() });

/** A month in the business time zone (Nepal), `YYYY-MM`, from 2020 on. */
export const statementMonthSchema = z
  .string()
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM.')
  .refine((month) => month >= '2020-01', 'Use a month as YYYY-MM.');
export const statementQuerySchema = z.object({ month: statementMonthSchema });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const PAYOUT_STATUS_NAMES = ['in_transit', 'paid', 'failed'] as const;

export const earningsPayoutSchema = z
  .object({
    id: z.number().int(),
    amount: z.number(),
    status: z.enum(PAYOUT_STATUS_NAMES),
    /** The bank's or wallet's reference, once the transfer is recorded paid. */
    reference: z.string().nullable(),
    /** The Nepal day the transfer was made, `YYYY-MM-DD`, once paid. */
    paidOn: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** When the payout run took the money from the balance (ISO). */
    startedAt: z.string(),
  })
  .meta({ id: 'EarningsPayout' });
export type EarningsPayout = z.infer<typeof earningsPayoutSchema>;

export const earningsSummarySchema = z
  .object({
    monastery: z.object({ id: z.number().int(), name: z.string() }),
    /**
     * What the platform owes the monastery now: earned and not yet sent in a payout. Negative when refunds
     * after performed pujas took back more than was left (netted by the next earnings).
     */
    balance: z.number(),
    /** Payouts started and not yet recorded paid or failed. */
    inTransit: z.number(),
    /** Paid for pujas not performed yet (before commission), and how many orders. */
    toCome: z.object({ amount: z.number(), orders: z.number().int().nonnegative() }),
    /** This Nepal month: performed pujas' net less clawbacks, `YYYY-MM`. */
    thisMonth: z.object({ month: z.string(), earned: z.number() }),
    /** The commission rate in force today, in basis points (1000 = 10 %). */
    commissionBasisPoints: z.number().int().min(0).max(10_000),
  })
  .meta({ id: 'EarningsSummary' });
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

export const EARNINGS_PAYOUTS_PAGE_SIZE = 20;
export const earningsPayoutsResponseSchema = z.object({
  payouts: z.array(earningsPayoutSchema),
  pageInfo: pageInfoSchema,
});
export type EarningsPayoutsResponse = z.infer<typeof earningsPayoutsResponseSchema>;

export const STATEMENT_LINE_KINDS = [
  'order_completed',
  'clawback',
  // A concern resolved by a redo: the performance's earnings back to held until performed again (036).
  'order_redone',
  'payout_started',
  'payout_paid',
  'payout_failed',
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
/** The lines about an order's puja, with its amount and commission; the others are payouts. */
export const STATEMENT_ORDER_LINE_KINDS: readonly StatementLineKind[] = [
  'order_completed',
  'clawback',
  'order_redone',
];

export const statementLineSchema = z
  .object({
    kind: z.enum(STATEMENT_LINE_KINDS),
    /** When the ledger recorded it (ISO); its Nepal day is the statement's date. */
    at: z.string(),
    /** The Nepal day, `YYYY-MM-DD`. */
    day: z.string(),
    orderNumber: z.string().nullable(),
    puja: z.string().nullable(),
    payoutId: z.number().int().nullable(),
    /** A payout's transfer reference, or a failed one's reason. */
    reference: z.string().nullable(),
    /**
     * For an order: what the patron paid (negative for a refund after the puja), the commission on it and
     * the rest. For a payout: its amount.
     */
    amount: z.number(),
    commission: z.number(),
    /**
     * How the line moved the balance: + earned or returned, − clawed back or sent in a payout; 0 for a
     * transfer recorded paid (its money left the balance when the payout started).
     */
    net: z.number(),
    /**
     * An order's line whose money came by card (docs/decisions/057): that payment in the payer's currency,
     * its rupee value and Stripe's fee (borne by the platform, not the monastery); null otherwise. The
     * server always sends it.
     */
    card: cardMoneySchema.nullable().optional(),
  })
  .meta({ id: 'StatementLine' });
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSchema = z
  .object({
    monastery: z.object({ id: z.number().int(), name: z.string() }),
    month: z.string(),
    /** The balance at the start of the month (Nepal time). */
    opening: z.number(),
    lines: z.array(statementLineSchema),
    /** The balance at the end of the month: opening plus every line's net. */
    closing: z.number(),
    totals: z.object({
      orders: z.number().int().nonnegative(),
      amount: z.number(),
      commission: z.number(),
      earned: z.number(),
      clawedBack: z.number(),
      paidOut: z.number(),
      returned: z.number(),
    }),
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;

// ---- Endpoints (docs/decisions/014) ----

const access = { roles: ['monastery', 'admin'] } as const;
const errors = [401, 403, 404, 422] as const;

export const earningsSummaryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/earnings/:monasteryId',
  access,
  summary: 'A monastery’s balance, money still to come, this month’s earnings and commission rate',
  tags: ['earnings'],
  params: earningsParamsSchema,
  responses: { 200: earningsSummarySchema },
  errors,
});

export const earningsPayoutsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/earnings/:monasteryId/payouts',
  access,
  summary: 'A page of the monastery’s payouts, newest first, with reference, date and status',
  tags: ['earnings'],
  params: earningsParamsSchema,
  query: pageQuerySchema,
  responses: { 200: earningsPayoutsResponseSchema },
  errors,
});

export const statementEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/earnings/:monasteryId/statement',
  access,
  summary: 'The monthly statement: opening balance, every movement, closing balance',
  tags: ['earnings'],
  params: earningsParamsSchema,
  query: statementQuerySchema,
  responses: { 200: statementSchema },
  errors,
});

export const statementCsvEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/earnings/:monasteryId/statement.csv',
  access,
  summary: 'The monthly statement as CSV (UTF-8 with BOM), in the reader’s language',
  tags: ['earnings'],
  params: earningsParamsSchema,
  query: statementQuerySchema,
  responses: {},
  file: 'text/csv',
  errors,
});

export const statementPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/earnings/:monasteryId/statement.pdf',
  access,
  summary: 'The monthly statement as PDF, in the reader’s language',
  tags: ['earnings'],
  params: earningsParamsSchema,
  query: statementQuerySchema,
  responses: {},
  file: 'application/pdf',
  errors,
});
