import { isCalendarDate } from './business-time.ts';
import { PAYMENT_METHODS, REFUND_REASONS, ROLES } from './constants.ts';
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
export const backOfficeOrdersQuerySchema = pageQuerySchema
  .extend({
    /** Every word somewhere in the order number, the patron's name or phone, case ignored. */
    q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
    status: z.enum(BACK_OFFICE_ORDER_FILTERS, { error: 'Choose a status from the list.' }).optional(),
    puja: idSchema('Choose a puja.').optional(),
    /** Administrators only: one monastery's orders. Staff may send only their own monastery's id. */
    monastery: idSchema('Choose a monastery.').optional(),
    from: pujaDay('Use the first date as YYYY-MM-DD.'),
    to: pujaDay('Use the last date as YYYY-MM-DD.'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first date must not be after the last.',
    path: ['to'],
  });
export type BackOfficeOrdersQuery = z.input<typeof backOfficeOrdersQuerySchema>;

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
    provider: z.enum(PAYMENT_METHODS).nullable(),
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
