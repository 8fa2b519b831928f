import { defineEndpoint } from './endpoint.ts';
import { formBoolean } from './input-rules.ts';
import { orderIdParamsSchema } from './orders.ts';
import {
  esewaProcessResponseSchema,
  khaltiProcessResponseSchema,
  paymentLinkSummarySchema,
} from './payments.ts';
import { z } from './zod.ts';

/**
 * "Pay for me" links (docs/decisions/051): a patron abroad, who cannot pay with eSewa or Khalti, hands a
 * link to someone in Nepal, who pays the order without an account. The link is the token: whoever holds
 * it may see what the order is for and pay it, nothing more.
 */

/** The path of a link's page; its token is all it carries. */
export const PAYMENT_LINK_PAGE = '/pay';
export function paymentLinkPath(token: string): string {
  return `${PAYMENT_LINK_PAGE}/${token}`;
}

/** A link's token as it travels: 43 base64url characters (32 random bytes). */
export const PAYMENT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const PAYER_NAME_MAX_LENGTH = 100;

export const paymentLinkTokenParamsSchema = z.object({
  token: z.string().regex(PAYMENT_LINK_TOKEN_PATTERN, 'This payment link is not complete. Copy all of it.'),
});

/** Making a link: whether whoever opens it may read the patron's name, the names and the intention. */
export const createPaymentLinkRequestSchema = z.object({
  shows_names: formBoolean('Say whether to show the names.').default(false),
});
export type CreatePaymentLinkRequest = z.input<typeof createPaymentLinkRequestSchema>;

export const createPaymentLinkResponseSchema = z.object({
  /** The page to share, `/pay/{token}`, to be put after the site's address. */
  path: z.string(),
  link: paymentLinkSummarySchema,
});
export type CreatePaymentLinkResponse = z.infer<typeof createPaymentLinkResponseSchema>;

/**
 * What a link's page shows. `payable`: it may be paid now; `paid`: the order is paid (by anyone), thank
 * you; `closed`: the order was cancelled, declined or expired, so the link no longer works. The patron's
 * phone is never in it; their name, the names to pray for and the intention only when they chose so.
 */
export const paymentLinkViewSchema = z
  .object({
    state: z.enum(['payable', 'paid', 'closed']),
    monastery: z.string(),
    puja: z.string(),
    /** The puja's day, `YYYY-MM-DD` in Nepal. */
    puja_date: z.string(),
    /** Rupees. */
    amount: z.number().nonnegative(),
    /** Until when it may be paid (ISO), while payable. */
    pay_by: z.string().nullable(),
    /** Present only when the patron chose to show them. */
    patron_name: z.string().nullable(),
    names: z.array(z.string()).nullable(),
    intention: z.string().nullable(),
  })
  .meta({ id: 'PaymentLinkView' });
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

/** Paying through a link: the payer's name, optional, printed on the receipt beside the patron's. */
export const payThroughLinkRequestSchema = z.strictObject({
  payer_name: z
    .string()
    .trim()
    .max(PAYER_NAME_MAX_LENGTH, `A name can be at most ${PAYER_NAME_MAX_LENGTH} characters.`)
    .optional()
    .transform((value) => value || undefined),
});
export type PayThroughLinkRequest = z.input<typeof payThroughLinkRequestSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const createPaymentLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/order/:orderId/payment-link',
  access: { roles: ['user'] },
  summary: 'Make a "Pay for me" link for the patron’s unpaid order (a live one is withdrawn)',
  tags: ['payments'],
  params: orderIdParamsSchema,
  body: createPaymentLinkRequestSchema,
  responses: { 200: createPaymentLinkResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const withdrawPaymentLinkEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/order/:orderId/payment-link',
  access: { roles: ['user'] },
  summary: 'Withdraw the order’s live "Pay for me" link',
  tags: ['payments'],
  params: orderIdParamsSchema,
  responses: { 200: z.object({ message: z.string() }) },
  errors: [401, 403, 404, 422],
});

export const paymentLinkEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payment-links/:token',
  access: 'public',
  summary: 'What a "Pay for me" link pays for: monastery, puja, day and amount',
  tags: ['payments'],
  params: paymentLinkTokenParamsSchema,
  responses: { 200: paymentLinkViewSchema },
  errors: [404, 422, 429],
});

export const startEsewaLinkPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/payment-links/:token/esewa',
  access: 'public',
  summary: 'Signed eSewa form fields to pay the order of a "Pay for me" link',
  tags: ['payments'],
  params: paymentLinkTokenParamsSchema,
  body: payThroughLinkRequestSchema,
  responses: { 200: esewaProcessResponseSchema },
  errors: [404, 409, 422, 429],
});

export const startKhaltiLinkPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/payment-links/:token/khalti',
  access: 'public',
  summary: 'Start a Khalti payment of the order of a "Pay for me" link',
  tags: ['payments'],
  params: paymentLinkTokenParamsSchema,
  body: payThroughLinkRequestSchema,
  responses: { 200: khaltiProcessResponseSchema },
  errors: [404, 409, 422, 429, 503],
});

/** Where the providers send a link's payer back: each answers a redirect to the link's page. */
export const esewaLinkSuccessReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pay/:token/esewa-success',
  access: 'public',
  summary: "eSewa's success redirect for a link's payment",
  tags: ['payments'],
  params: paymentLinkTokenParamsSchema,
  query: z.object({ data: z.string().max(4096).optional() }),
  responses: {},
  errors: [],
  hidden: true,
});

export const esewaLinkFailureReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pay/:token/esewa-failed',
  access: 'public',
  summary: "eSewa's failure redirect for a link's payment",
  tags: ['payments'],
  params: paymentLinkTokenParamsSchema,
  query: z.object({ reference: z.string().max(100).optional() }).loose(),
  responses: {},
  errors: [],
  hidden: true,
});

export const khaltiLinkReturnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pay/:token/khalti-return',
  access: 'public',
  summary: "Khalti's return for a link's payment",
  tags: ['payments'],
  params: paymentLinkTokenParamsSchema,
  query: z.object({ pidx: z.string().max(100).optional() }).loose(),
  responses: {},
  errors: [],
  hidden: true,
});
