import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/**
 * The administrator's read of the ledger's balances (docs/decisions/031). Money travels as rupees, like
 * everywhere else in the API.
 */
export const LEDGER_ACCOUNT_NAMES = [
  'esewa_clearing',
  'khalti_clearing',
  // Card payments at Stripe, in rupees at each payment's fixed rate (docs/decisions/052).
  'stripe_clearing',
  // What card payments cost: Stripe's fees, borne by the platform (docs/decisions/052).
  'provider_fees',
  'held_for_orders',
  'refunds_payable',
  'monastery_payable',
  'platform_commission',
  'payouts_in_transit',
  'payouts_sent',
] as const;

export const ledgerBalanceSchema = z
  .object({
    account: z.enum(LEDGER_ACCOUNT_NAMES),
    /** The monastery whose account it is; null for the platform's own accounts. */
    monastery: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    currency: z.string(),
    /**
     * What the account holds, in its own direction: money at a provider for the clearing accounts, and
     * what Stripe's fees cost for `provider_fees`;
     * money owed, earned, on its way to a monastery (payouts in transit) or sent to the monasteries
     * (payouts sent) for the others. Negative only when a monastery owes back more than it has earned
     * (a refund after its puja was performed and paid out).
     */
    balance: z.number(),
  })
  .meta({ id: 'LedgerBalance' });
export type LedgerBalance = z.infer<typeof ledgerBalanceSchema>;

/** One order's account that disagrees with its payments: what they say it should hold, and what it holds. */
export const ledgerDifferenceSchema = z.object({
  orderNumber: z.string(),
  account: z.string(),
  expected: z.number(),
  actual: z.number(),
});

export const ledgerBalancesResponseSchema = z
  .object({
    balances: z.array(ledgerBalanceSchema),
    /** Orders whose ledger disagrees with their payments (at most 100); empty when the books agree. */
    differences: z.array(ledgerDifferenceSchema),
  })
  .meta({ id: 'LedgerBalancesResponse' });
export type LedgerBalancesResponse = z.infer<typeof ledgerBalancesResponseSchema>;

/**
 * The newest run of the hourly reconciliation (docs/decisions/034): when the ledger was last compared with
 * the payments and refunds, and whether they agreed.
 */
export const booksCheckSchema = z
  .object({
    /** When the check ran (ISO). */
    checkedAt: z.string(),
    /** True when no order's accounts disagree with its payments. */
    balanced: z.boolean(),
    /** The differences found (counted up to 1,000: `countCapped` then says there may be more). */
    differenceCount: z.number().int().nonnegative(),
    countCapped: z.boolean(),
    /** The first differences (at most 20), in rupees as stored: credits negative. */
    differences: z.array(ledgerDifferenceSchema),
  })
  .meta({ id: 'BooksCheck' });
export type BooksCheck = z.infer<typeof booksCheckSchema>;

export const getLedgerBalancesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/ledger',
  access: { roles: ['admin'] },
  summary: 'Every ledger account’s balance, and where the ledger disagrees with the payments',
  tags: ['admin'],
  responses: { 200: ledgerBalancesResponseSchema },
  errors: [401, 403],
});
