import { isCalendarDate } from './business-time.ts';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { booksCheckSchema } from './ledger.ts';
import { orderSchema } from './orders.ts';
import { z } from './zod.ts';

/**
 * The administrator's dashboard and audit log (ours, issue #6; docs/api.md "Administrator's dashboard and
 * audit log"). Money travels as rupees, like everywhere else in the API.
 */

/** How many top monasteries and pujas the dashboard ranks, and how many months/weeks it charts. */
export const ADMIN_STATS_TOP_COUNT = 5;
export const ADMIN_STATS_MONTHS = 12;
export const ADMIN_STATS_WEEKS = 12;
export const ADMIN_LATEST_ORDERS = 10;

const rankedItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Orders placed for it (every status). */
  orders: z.number().int().nonnegative(),
  /**
   * Rupees earned by its performed pujas (the monastery's share and the commission together), net of
   * refunds made after the puja: from the ledger's completion and clawback entries, so money paid for a
   * puja not performed yet is not counted (docs/decisions/034).
   */
  performedRevenue: z.number(),
});

/**
 * Where every rupee patrons paid stands, from the ledger (docs/decisions/034): received = refunds + held +
 * monasteries' earnings + commission, by construction of the books.
 */
export const revenueSplitSchema = z.object({
  /** Gross: every payment the providers confirmed. */
  received: z.number(),
  /** Owed back or already returned to patrons (cancelled, declined, duplicate, refunded after the puja). */
  refunds: z.number(),
  /** Kept for pujas not performed yet. */
  held: z.number(),
  /** The monasteries' share of performed pujas, net of clawbacks (paid out or not). */
  monasteryEarnings: z.number(),
  /** The platform's commission on performed pujas, net of clawbacks. */
  commission: z.number(),
});
export type RevenueSplit = z.infer<typeof revenueSplitSchema>;

export const adminStatsResponseSchema = z
  .object({
    totals: z.object({
      orders: z.number().int().nonnegative(),
      paidRevenue: z.number().nonnegative(),
      patrons: z.number().int().nonnegative(),
      monasteries: z.number().int().nonnegative(),
    }),
    /**
     * What needs an administrator: pending or approved orders of a monastery that was removed (its staff
     * can no longer act on them), to refund or hand over.
     */
    attention: z.object({ openOrdersAtRemovedMonasteries: z.number().int().nonnegative() }),
    /** Every status appears, with 0 when no order has it. */
    ordersByStatus: z.array(
      z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int().nonnegative() }),
    ),
    /** The last ADMIN_STATS_MONTHS months, oldest first, each with every provider (0 when none). */
    revenueByMonth: z.array(
      z.object({
        /** `YYYY-MM` in the business time zone. */
        month: z.string(),
        provider: z.enum(PAYMENT_PROVIDERS),
        paidRevenue: z.number().nonnegative(),
      }),
    ),
    revenueSplit: revenueSplitSchema,
    /** The newest hourly reconciliation of the ledger with the payments; null before the first. */
    books: booksCheckSchema.nullable(),
    topMonasteries: z.array(rankedItemSchema),
    topPujas: z.array(rankedItemSchema),
    /** The last ADMIN_STATS_WEEKS weeks, oldest first, weeks starting on Sunday (0 when none). */
    newUsersByWeek: z.array(
      z.object({
        /** `YYYY-MM-DD`: the Sunday the week starts on, in the business time zone. */
        weekStart: z.string(),
        count: z.number().int().nonnegative(),
      }),
    ),
    /** The newest ADMIN_LATEST_ORDERS orders, newest first. */
    latestOrders: z.array(orderSchema),
  })
  .meta({ id: 'AdminStats' });
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

/** What an audit entry records: who did what to which row, and when. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'approve',
  'redate',
  'decline',
  'complete',
  'message',
  'revoke-sessions',
  'refund',
  'record-refund',
  // Payouts (docs/decisions/033): a monastery's commission rate and payout details, a payout run, and
  // each transfer's outcome.
  'set-commission-rate',
  'set-payout-details',
  'run-payouts',
  'record-transfer',
  'fail-transfer',
  /** A name of an order ticked as read during its puja, and a tick taken back (docs/decisions/035). */
  'read-name',
  'unread-name',
  /** A patron's concern about a performed puja, and an administrator's resolution (docs/decisions/036). */
  'raise-concern',
  'resolve-concern',
  /** A puja's video attached and its livestream or recording link announced (docs/decisions/037). */
  'attach-video',
  'announce-livestream',
  /** A monastery's daily capacity and cut-off set, and days closed to orders or opened again (docs/decisions/040). */
  'set-order-days',
  'close-days',
  'open-days',
  /** A monastery's own page changed by its staff: proposed, approved or rejected (docs/decisions/046). */
  'propose-page',
  'approve-page',
  'reject-page',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_SUBJECTS = [
  'monastery',
  'puja',
  'monastery_puja',
  'user',
  'order',
  'payment',
  'payout_run',
  'payout',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.object({
      id: z.number().int(),
      name: z.string(),
      role: z.string(),
    }),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.enum(AUDIT_SUBJECTS),
    subjectId: z.number().int(),
    /** The changed fields before and after the write (never passwords, codes or tokens). */
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;
/** A day in the business time zone, as the audit log's `from` and `to` take it. */
const auditDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  // A day that does not exist (2026-02-30) cannot be turned into a moment to filter by.
  .refine(isCalendarDate, 'Use a date as YYYY-MM-DD.')
  .optional();
/** The audit log's filters: who (`actor`), what (`action`, `subject`), when (`from`, `to`); all optional. */
export const auditLogQuerySchema = z.object({
  /** Part of the actor's name or e-mail, any case. */
  actor: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  subject: z.enum(AUDIT_SUBJECTS).optional(),
  /** Days in the business time zone, both included, on when the entry was written. */
  from: auditDay,
  to: auditDay,
  /** Entries older than this id (keyset paging, newest first). */
  before: idSchema().optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` to read the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const getAdminStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stats',
  access: { roles: ['admin'] },
  summary: 'Totals, orders by status, paid revenue by month and provider, top items, new patrons',
  tags: ['admin'],
  responses: { 200: adminStatsResponseSchema },
  errors: [401, 403],
});

export const getAuditLogEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  access: { roles: ['admin'] },
  summary: 'Administrator and staff writes, newest first (pass nextBefore as before for more)',
  tags: ['admin'],
  query: auditLogQuerySchema,
  responses: { 200: auditLogResponseSchema },
  errors: [401, 403, 422],
});
