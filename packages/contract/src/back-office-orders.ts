import { isCalendarDate } from './business-time.ts';
import {
  type OrderStatus,
  PAYMENT_PROVIDERS,
  type PaymentStatus,
  REFUND_REASONS,
  ROLES,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import {
  messageToMonasteryRequestSchema,
  orderIdParamsSchema,
  orderImageSchema,
  orderMessageSchema,
  orderSchema,
} from './orders.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { z } from './zod.ts';

/**
 * The back offices' orders (docs/api.md "Back-office orders"): one paged, searchable list for a
 * monastery's staff (their monastery's orders) and administrators (every monastery's), an order's page
 * with its whole history, and the count of orders waiting for the staff, which the sidebar polls.
 */

/**
 * What the list filters by. The two pending ones are split by the money, as the staff see them:
 * `awaiting_payment` is pending and not paid (nothing to do yet), `to_approve` is pending and paid (the
 * staff's turn). The rest are the order statuses of the same name.
 */
export const BACK_OFFICE_ORDER_FILTERS = [
  'awaiting_payment',
  'to_approve',
  'approved',
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const;
export type BackOfficeOrderFilter = (typeof BACK_OFFICE_ORDER_FILTERS)[number];

/**
 * The staff's one word for where an order stands (docs/decisions/039), the same on the dashboard, the list,
 * the calendar, the order's page and the exports: the filters' words. A paid order waiting for approval is
 * `to_approve`, never "paid" or "completed"; the money has its own column (the payment's status).
 */
export function staffStatusOf(order: {
  status: OrderStatus;
  payment_status: PaymentStatus;
}): BackOfficeOrderFilter {
  if (order.status !== 'pending') return order.status;
  return order.payment_status === 'Completed' ? 'to_approve' : 'awaiting_payment';
}

export const BACK_OFFICE_ORDERS_PAGE_SIZE = 25;

// The whole sentence, not a label put into one: the API finds a message by its English words to answer it
// in the request's language (apps/api/src/api-messages).
const pujaDay = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    // A day that does not exist (2026-02-30) cannot be compared with a puja's day.
    .refine(isCalendarDate, message)
    .optional();

/** The list's search and filters; `from` and `to` bound the puja's day, both included. */
const backOfficeOrdersFilterShape = z.object({
  /**
   * Every word somewhere in the order number, the patron's name or phone, case and accents ignored; a
   * phone number as people type it (spaces, dashes, `+country`, a trunk 0) is read as one number, and an
   * order number may come without its `PJ-` (docs/decisions/039).
   */
  q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  status: z.enum(BACK_OFFICE_ORDER_FILTERS, { error: 'Choose a status from the list.' }).optional(),
  puja: idSchema('Choose a puja.').optional(),
  /** Administrators only: one monastery's orders. Staff may send only their own monastery's id. */
  monastery: idSchema('Choose a monastery.').optional(),
  from: pujaDay('Use the first date as YYYY-MM-DD.'),
  to: pujaDay('Use the last date as YYYY-MM-DD.'),
});
const firstDayNotAfterLast = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const firstDayProblem = { message: 'The first date must not be after the last.', path: ['to'] };

export const backOfficeOrdersQuerySchema = pageQuerySchema
  .extend(backOfficeOrdersFilterShape.shape)
  .refine(firstDayNotAfterLast, firstDayProblem);
export type BackOfficeOrdersQuery = z.input<typeof backOfficeOrdersQuerySchema>;

/** The same search and filters without a page: which orders a bulk action or an export covers. */
export const backOfficeOrdersFilterSchema = backOfficeOrdersFilterShape.refine(
  firstDayNotAfterLast,
  firstDayProblem,
);
export type BackOfficeOrdersFilterQuery = z.input<typeof backOfficeOrdersFilterSchema>;

/**
 * One page of orders. Open orders (pending, approved) come first, the soonest puja first: what the staff
 * must prepare next. Closed ones follow, the latest puja first.
 */
export const backOfficeOrdersResponseSchema = z.object({
  orders: z.array(orderSchema),
  ...pageInfoSchema.shape,
});
export type BackOfficeOrdersResponse = z.infer<typeof backOfficeOrdersResponseSchema>;

/** Everything that happened to an order, as the database recorded it. */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'approved',
  'redated',
  'message',
  'photos',
  'completed',
  'declined',
  'cancelled',
  'expired',
  'refund_due',
  'refunded',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * One event of an order's timeline. The fields that do not apply to its kind are null: `amount` and
 * `provider` for money, `date`/`previous_date` for a re-date (and the puja's day when placed), `message`
 * for a message, `photos` for photos, `refund_reason` for a refund.
 */
export const orderEventSchema = z
  .object({
    kind: z.enum(ORDER_EVENT_KINDS),
    /** When it happened (ISO, UTC). */
    at: z.string(),
    /** Who did it; null when nobody did (a payment settled by the provider, an expiry). */
    actor: z.object({ name: z.string(), role: z.enum(ROLES) }).nullable(),
    amount: z.number().nonnegative().nullable(),
    provider: z.enum(PAYMENT_PROVIDERS).nullable(),
    /** `YYYY-MM-DD`: the new day of a re-date, or the day ordered. */
    date: z.string().nullable(),
    previous_date: z.string().nullable(),
    message: z.string().nullable(),
    photos: z.number().int().nullable(),
    refund_reason: z.enum(REFUND_REASONS).nullable(),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The most messages (and so message events) an order's page carries: the newest ones. */
export const ORDER_PAGE_MESSAGE_LIMIT = 500;

/** What the viewer may do on the order now (staff of its monastery; administrators only read). */
export const orderActionsSchema = z.object({
  approve: z.boolean(),
  redate: z.boolean(),
  decline: z.boolean(),
  complete: z.boolean(),
  message: z.boolean(),
});

/** An order's page: the order (patron, names, intention, day, money), its timeline, thread and photos. */
export const backOfficeOrderResponseSchema = z.object({
  order: orderSchema,
  /** Oldest first. */
  timeline: z.array(orderEventSchema),
  /** The thread, oldest first (the newest ORDER_PAGE_MESSAGE_LIMIT). */
  messages: z.array(
    z.object({
      ...orderMessageSchema.shape,
      /** The writer's name: the patron, or which of the staff. */
      sender: z.string(),
    }),
  ),
  /** Completion photos through signed links that expire after 15 minutes. */
  images: z.array(orderImageSchema),
  /**
   * The photo of the departed an occurrence of a plan is for, so the monks can place it on the shrine: a
   * signed link (15 minutes) for the staff of the order's monastery only; null for administrators and
   * when there is none (docs/decisions/060). Optional so an older answer reads.
   */
  departed_photo_url: z.string().nullable().optional(),
  actions: orderActionsSchema,
});
export type BackOfficeOrderResponse = z.infer<typeof backOfficeOrderResponseSchema>;

/** Staff writing to the order's patron from the order's page: the same rules as the patron's messages. */
export const staffMessageRequestSchema = messageToMonasteryRequestSchema;
export type StaffMessageRequest = z.input<typeof staffMessageRequestSchema>;

/** How many orders wait for the staff: pending and paid, to approve (their monastery's; every one for admins). */
export const ordersAwaitingActionResponseSchema = z.object({ count: z.number().int().nonnegative() });
export type OrdersAwaitingActionResponse = z.infer<typeof ordersAwaitingActionResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const backOfficeOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders',
  access: { roles: ['monastery', 'admin'] },
  summary: 'A page of orders, searched and filtered: staff see their monastery’s, administrators every one',
  tags: ['back-office orders'],
  query: backOfficeOrdersQuerySchema,
  responses: { 200: backOfficeOrdersResponseSchema },
  errors: [401, 403, 422],
});

export const ordersAwaitingActionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders/awaiting-action',
  access: { roles: ['monastery', 'admin'] },
  summary: 'How many paid orders wait for approval (one indexed count, for the sidebar to poll)',
  tags: ['back-office orders'],
  responses: { 200: ordersAwaitingActionResponseSchema },
  errors: [401, 403],
});

export const backOfficeOrderEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:orderId',
  access: { roles: ['monastery', 'admin'] },
  summary: 'An order’s page: the order, its timeline of events, its messages and photos',
  tags: ['back-office orders'],
  params: orderIdParamsSchema,
  responses: { 200: backOfficeOrderResponseSchema },
  errors: [401, 403, 404, 422],
});

export const staffMessageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/messages',
  access: { roles: ['monastery'] },
  summary: 'Staff write to the patron of an open order (pending or approved); answers the order’s page',
  tags: ['back-office orders'],
  params: orderIdParamsSchema,
  body: staffMessageRequestSchema,
  responses: { 200: backOfficeOrderResponseSchema },
  errors: [401, 403, 404, 409, 422, 429],
});

// ---- Approving many orders at once (docs/decisions/039) ----

/**
 * The most orders one approve-many request names: a festival day's page of work, yet one request whose
 * transactions finish in a few seconds and never hold the list's readers back for long.
 */
export const APPROVE_MANY_LIMIT = 200;

export const approveManyRequestSchema = z.object({
  order_ids: z
    .array(idSchema('Choose an order.'))
    .min(1, 'Choose at least one order.')
    .max(APPROVE_MANY_LIMIT, `Approve at most ${APPROVE_MANY_LIMIT} orders at a time.`),
});
export type ApproveManyRequest = z.input<typeof approveManyRequestSchema>;

/**
 * Why one order of a bulk approval was not approved: no such order, another monastery's, no longer
 * pending (approved already, declined, cancelled...), or not paid yet.
 */
export const APPROVE_MANY_REFUSALS = ['not_found', 'other_monastery', 'not_pending', 'not_paid'] as const;
export type ApproveManyRefusal = (typeof APPROVE_MANY_REFUSALS)[number];

export const approveManyResponseSchema = z.object({
  /** One per distinct order id sent, in the order sent. */
  results: z.array(
    z.object({
      order_id: z.number().int(),
      /** The order's number; null when there is no such order (or it is another monastery's). */
      number: z.string().nullable(),
      outcome: z.enum(['approved', 'refused']),
      reason: z.enum(APPROVE_MANY_REFUSALS).nullable(),
    }),
  ),
  approved: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
});
export type ApproveManyResponse = z.infer<typeof approveManyResponseSchema>;

export const approveManyOrdersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/orders/approve-many',
  access: { roles: ['monastery'] },
  summary:
    'Approve many of the monastery’s paid pending orders at once; each is checked and approved on its own, and the answer says what became of each',
  tags: ['back-office orders'],
  body: approveManyRequestSchema,
  responses: { 200: approveManyResponseSchema },
  errors: [401, 403, 422],
});

/** The ids of the orders a search and filters match, for "select all that match" (at most APPROVE_MANY_LIMIT). */
export const matchingOrderIdsResponseSchema = z.object({
  ids: z.array(z.number().int()),
  /** How many match in all: more than `ids` holds when it is over APPROVE_MANY_LIMIT. */
  total: z.number().int().nonnegative(),
});
export type MatchingOrderIdsResponse = z.infer<typeof matchingOrderIdsResponseSchema>;

export const matchingOrderIdsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders/ids',
  access: { roles: ['monastery'] },
  summary: 'The ids of the monastery’s orders a search and filters match, in the list’s order (at most 200)',
  tags: ['back-office orders'],
  query: backOfficeOrdersFilterSchema,
  responses: { 200: matchingOrderIdsResponseSchema },
  errors: [401, 403, 422],
});

/** The most rows one export of orders holds (the newest first beyond it is the next export's work). */
export const ORDERS_EXPORT_LIMIT = 5000;

export const exportOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders/export.csv',
  access: { roles: ['monastery'] },
  summary:
    'The monastery’s orders a search and filters match, as CSV (UTF-8 with a byte-order mark, Nepal times)',
  tags: ['back-office orders'],
  query: backOfficeOrdersFilterSchema,
  responses: {},
  file: 'text/csv',
  errors: [401, 403, 422],
});
