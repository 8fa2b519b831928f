import { isCalendarDate } from './business-time.ts';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES, REFUND_REASONS } from './constants.ts';
import { CURRENCIES } from './currencies.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { z } from './zod.ts';

/** Starting a payment for one of the patron's orders. */
export const startPaymentRequestSchema = z.object({
  order: idSchema('Choose an order.'),
});
export type StartPaymentRequest = z.input<typeof startPaymentRequestSchema>;

/** eSewa: the browser posts these signed fields to `action`. */
export const esewaProcessResponseSchema = z.object({
  action: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type EsewaProcessResponse = z.infer<typeof esewaProcessResponseSchema>;

/** Khalti: the browser goes to `payment_url`. */
export const khaltiProcessResponseSchema = z.object({
  response: z.object({ pidx: z.string(), payment_url: z.string(), expires_at: z.string() }),
});
export type KhaltiProcessResponse = z.infer<typeof khaltiProcessResponseSchema>;

/** The patron's live link, as their order shows it (the token itself is shown once, when it is made). */
export const paymentLinkSummarySchema = z
  .object({ created_at: z.string(), shows_names: z.boolean() })
  .meta({ id: 'PaymentLinkSummary' });
export type PaymentLinkSummary = z.infer<typeof paymentLinkSummarySchema>;

/**
 * A card payment (docs/decisions/052): the browser goes to Stripe Checkout's `url`, where the patron pays
 * `amount` of `currency` (units, e.g. 19.99 USD), converted from the order's rupees at the stored rate.
 */
export const cardProcessResponseSchema = z.object({
  url: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number().positive(),
});
export type CardProcessResponse = z.infer<typeof cardProcessResponseSchema>;

/**
 * What a card payment was made in: the payer's currency and the amount in units, its rupee value (the
 * payment's `amount`; what the books count), the rate it was converted at (rupees per unit), and Stripe's
 * fee once known, in its currency and in rupees. Null for the wallets, which take rupees. Every figure is
 * the server's record: screens show them, never work them out (docs/decisions/052, 057).
 */
export const cardMoneySchema = z
  .object({
    currency: z.enum(CURRENCIES),
    amount: z.number().positive(),
    rupees: z.number().nonnegative(),
    rupees_per_unit: z.number().positive(),
    fee: z
      .object({ currency: z.string(), amount: z.number().nonnegative(), rupees: z.number().nonnegative() })
      .nullable(),
  })
  .meta({ id: 'CardMoney' });
export type CardMoney = z.infer<typeof cardMoneySchema>;

/**
 * One refund of a received payment (docs/decisions/044): all of a payment the order no longer keeps, or
 * part of a kept one (a concern's). Amounts are rupees.
 */
export const refundSchema = z
  .object({
    id: z.number().int(),
    amount: z.number().positive(),
    reason: z.enum(REFUND_REASONS),
    /** `due`: to be made; `requested`: Khalti's refund API was asked and has not confirmed; `refunded`: made. */
    state: z.enum(['due', 'requested', 'refunded']),
    due_at: z.string(),
    requested_at: z.string().nullable(),
    refunded_at: z.string().nullable(),
    /** The provider's reference for the refund (eSewa: as recorded by an administrator). */
    reference: z.string().nullable(),
    /** A card payment's refund in the payer's currency (units); null for the wallets. */
    card_amount: z.number().nonnegative().nullable().optional(),
    /** Why Khalti last refused it, for an administrator to refund in the portal instead. */
    error: z.string().nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/**
 * Payments and refunds (docs/api.md "Payments and refunds"). Each try to pay an order is one payment; a
 * received payment may carry refunds, several when concerns each refunded part of it. Amounts are rupees.
 * The `refund_*` fields describe the payment's current refund: the one still to be made, else the newest
 * (what the Payments screen's actions act on); `refunds` lists every one.
 */
export const paymentSchema = z
  .object({
    id: z.number().int(),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** In rupees: for a card payment, its rupee value at the rate fixed when it started. */
    amount: z.number().nonnegative(),
    card: cardMoneySchema.nullable().optional(),
    /** `Pending`, `Completed` (received and kept), `Failed`, `Refund due` or `Refunded`. */
    status: z.enum(PAYMENT_STATUSES),
    /** Our reference with the provider (eSewa transaction_uuid, Khalti pidx). */
    reference: z.string(),
    /** The provider's code for money received (eSewa ref_id, Khalti transaction_id). */
    transaction_code: z.string().nullable(),
    /**
     * Whether someone paid it through the patron's "Pay for me" link, and the name they gave (null when
     * none); docs/decisions/051. The server always sends both.
     */
    through_link: z.boolean().optional(),
    payer_name: z.string().nullable().optional(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    refund_reason: z.enum(REFUND_REASONS).nullable(),
    /**
     * What its current refund returns, in rupees: all of `amount`, or part of it (a concern's refund of a
     * performed puja, docs/decisions/036, 044); null without a refund. The server always sends it.
     */
    refund_amount: z.number().nonnegative().nullable().optional(),
    refund_due_at: z.string().nullable(),
    /** Set while a Khalti refund was asked for and Khalti has not confirmed it yet. */
    refund_requested_at: z.string().nullable(),
    refunded_at: z.string().nullable(),
    /** The provider's reference for the refund (eSewa: as recorded by an administrator). */
    refund_reference: z.string().nullable(),
    /** Why Khalti last refused to refund it, for an administrator to refund in the portal instead. */
    refund_error: z.string().nullable(),
    /** Every refund of the payment, oldest first. */
    refunds: z.array(refundSchema),
    /** What may still be refunded of it, in rupees: what the order keeps less the refunds made or due. */
    refundable: z.number().nonnegative(),
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
  // A day that does not exist (2026-02-30, 0000-00-00) cannot be turned into a moment to filter by.
  .refine(isCalendarDate, 'Use a date as YYYY-MM-DD.')
  .optional();

/** Filters of the Payments screen (and its CSV export): dates are days in the business time zone. */
export const adminPaymentsQuerySchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES).optional(),
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
    from: isoDay,
    to: isoDay,
    /** An order number (`PJ-…`), whole or its start. */
    q: z.string().trim().max(20).optional(),
  })
  .extend(pageQuerySchema.shape);
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentsResponseSchema = z.object({
  /** Refunds due first, then newest first. */
  payments: z.array(adminPaymentSchema),
  ...pageInfoSchema.shape,
  /** Refunds still due across every payment, whatever the filters. */
  refundsDue: z.object({ count: z.number().int().nonnegative(), amount: z.number().nonnegative() }),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const paymentIdParamsSchema = z.object({ paymentId: idSchema() });

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

// ---- Endpoints (docs/decisions/014) ----

const startErrors = [401, 403, 404, 409, 422] as const;

export const startEsewaPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/esewa-process',
  access: { roles: ['user'] },
  summary: 'Signed eSewa form fields for an order',
  tags: ['payments'],
  body: startPaymentRequestSchema,
  responses: { 200: esewaProcessResponseSchema },
  errors: startErrors,
});

export const startKhaltiPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/khalti-process',
  access: { roles: ['user'] },
  summary: 'Start a Khalti payment for an order',
  tags: ['payments'],
  body: startPaymentRequestSchema,
  responses: { 200: khaltiProcessResponseSchema },
  // 503: Khalti could not start the payment just now.
  errors: [...startErrors, 503],
});

export const startCardPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/card-process',
  access: { roles: ['user'] },
  summary: "Start a card payment (Stripe Checkout) for an order, in the patron's currency",
  tags: ['payments'],
  body: startPaymentRequestSchema,
  responses: { 200: cardProcessResponseSchema },
  // 404 also when cards are off; 503: Stripe could not start the payment, or no recent rate.
  errors: [...startErrors, 503],
});

/** Stripe's webhook: the raw body is checked against its `Stripe-Signature` before anything is read. */
export const stripeWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/stripe-webhook',
  access: 'public',
  summary: "Stripe's signed events (checkout.session.completed)",
  tags: ['payments'],
  responses: { 200: z.object({ received: z.boolean() }) },
  // 422: a signature that is forged, old or missing; 404: cards are off.
  errors: [404, 422],
  hidden: true,
});

/** Where the providers send the browser back: each answers a redirect to the patron's orders. */
export const esewaSuccessReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/esewa-payment-success',
  access: 'public',
  summary: "eSewa's success redirect (signed data), checked with eSewa's status API",
  tags: ['payments'],
  query: z.object({ data: z.string().max(4096).optional() }),
  responses: {},
  errors: [],
  hidden: true,
});

export const esewaFailureReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/esewa-payment-failed',
  access: 'public',
  summary: "eSewa's failure redirect with our reference",
  tags: ['payments'],
  query: z.object({ reference: z.string().max(100).optional() }).loose(),
  responses: {},
  errors: [],
  hidden: true,
});

export const khaltiReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/khalti-payment-return',
  access: 'public',
  summary: "Khalti's return (unsigned), checked with Khalti's look-up",
  tags: ['payments'],
  query: z.object({ pidx: z.string().max(100).optional() }).loose(),
  responses: {},
  errors: [],
  hidden: true,
});

export const cardReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/card-payment-return',
  access: 'public',
  summary: "Stripe Checkout's return, checked by retrieving the session",
  tags: ['payments'],
  // `order` names the order on the way back from leaving Stripe's page, which fills in no session there.
  query: z
    .object({ session_id: z.string().max(200).optional(), order: z.string().max(20).optional() })
    .loose(),
  responses: {},
  errors: [],
  hidden: true,
});

export const adminPaymentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments',
  access: { roles: ['admin'] },
  summary: 'Every payment and refund: refunds due first, then newest first',
  tags: ['admin', 'payments'],
  query: adminPaymentsQuerySchema,
  responses: { 200: adminPaymentsResponseSchema },
  errors: [401, 403, 422],
});

export const exportPaymentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments/export.csv',
  access: { roles: ['admin'] },
  summary: 'The payments list as CSV, with the same filters',
  tags: ['admin', 'payments'],
  query: adminPaymentsQuerySchema.omit({ page: true }),
  responses: {},
  file: 'text/csv',
  errors: [401, 403, 422],
});

const refundErrors = [401, 403, 404, 409, 422] as const;

export const refundThroughKhaltiEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payments/:paymentId/refund',
  access: { roles: ['admin'] },
  summary:
    'Refund a Khalti payment through Khalti, or a card payment through Stripe in the currency paid: 200 refunded, 202 when the provider has not confirmed yet (retried automatically)',
  tags: ['admin', 'payments'],
  params: paymentIdParamsSchema,
  responses: { 200: refundResponseSchema, 202: refundResponseSchema },
  errors: refundErrors,
});

export const recordRefundEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payments/:paymentId/record-refund',
  access: { roles: ['admin'] },
  summary: "Record a refund made in the provider's merchant portal (eSewa has no refund API)",
  tags: ['admin', 'payments'],
  params: paymentIdParamsSchema,
  body: recordRefundRequestSchema,
  responses: { 200: refundResponseSchema },
  errors: refundErrors,
});
