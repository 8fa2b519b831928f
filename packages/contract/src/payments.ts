import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_REASONS } from './constants.ts';

/**
 * Payments and refunds (docs/api.md "Payments and refunds"). Each try to pay an order is one payment; a
 * payment received for a puja that will not be performed carries its refund. Amounts are rupees.
 */
export const paymentSchema = z
  .object({
    id: z.number().int(),
    provider: z.enum(PAYMENT_METHODS),
    amount: z.number().nonnegative(),
    /** `Pending`, `Completed` (received and kept), `Failed`, `Refund due` or `Refunded`. */
    status: z.enum(PAYMENT_STATUSES),
    /** Our reference with the provider (eSewa transaction_uuid, Khalti pidx). */
    reference: z.string(),
    /** The provider's code for money received (eSewa ref_id, Khalti transaction_id). */
    transaction_code: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    refund_reason: z.enum(REFUND_REASONS).nullable(),
    refund_due_at: z.string().nullable(),
    /** Set while a Khalti refund was asked for and Khalti has not confirmed it yet. */
    refund_requested_at: z.string().nullable(),
    refunded_at: z.string().nullable(),
    /** The provider's reference for the refund (eSewa: as recorded by an administrator). */
    refund_reference: z.string().nullable(),
    /** Why Khalti last refused to refund it, for an administrator to refund in the portal instead. */
    refund_error: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

/** A payment as the administrator's Payments screen lists it: with its order. */
export const adminPaymentSchema = paymentSchema
  .extend({
    order: z.object({
      id: z.number().int(),
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      puja_date: z.string(),
      patron: z.object({ name: z.string(), phone: z.string().nullable() }),
      monastery: z.string(),
      puja: z.string(),
    }),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const ADMIN_PAYMENTS_PAGE_SIZE = 25;
/** The most rows one CSV export carries; narrow the filters for more. */
export const ADMIN_PAYMENTS_EXPORT_LIMIT = 10_000;
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .optional();

/** Filters of the Payments screen (and its CSV export): dates are days in the business time zone. */
export const adminPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  provider: z.enum(PAYMENT_METHODS).optional(),
  from: isoDay,
  to: isoDay,
  /** An order number (`PJ-…`), whole or its start. */
  q: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentsResponseSchema = z.object({
  /** Refunds due first, then newest first. */
  payments: z.array(adminPaymentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
  /** Refunds still due across every payment, whatever the filters. */
  refundsDue: z.object({ count: z.number().int().nonnegative(), amount: z.number().nonnegative() }),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const paymentIdParamsSchema = z.object({
  paymentId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Recording a refund made in the provider's own merchant portal (eSewa has no refund API). */
export const recordRefundRequestSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(3, "Enter the refund's reference from the merchant portal.")
    .max(100, 'A reference can be at most 100 characters.'),
});
export type RecordRefundRequest = z.input<typeof recordRefundRequestSchema>;

export const refundResponseSchema = z.object({ payment: adminPaymentSchema, message: z.string() });
export type RefundResponse = z.infer<typeof refundResponseSchema>;
