import { TIME_OF_DAY_PATTERN } from './business-time.ts';
import { nameTranslationsSchema } from './catalogue.ts';
import {
  CONCERN_KINDS,
  CONCERN_STATUSES,
  DECLINE_NOTE_MAX_LENGTH,
  DECLINE_REASONS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PLAN_KINDS,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, uploadedFilesSchema } from './input-rules.ts';
import {
  giftInputSchema,
  OFFERING_PRICINGS,
  offeringChoiceFieldsSchema,
  orderGiftSchema,
  unitNamesSchema,
} from './offerings.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { paymentLinkSummarySchema, paymentSchema } from './payments.ts';
import { recordVersionSchema } from './record-version.ts';
import { messageResponseSchema } from './session.ts';
import { z } from './zod.ts';

/** Ordering a puja and reading orders (docs/api.md#orders). */

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const INTENTION_MAX_LENGTH = 500;
/** How far ahead a puja may be booked. */
export const LATEST_ORDER_DAYS = 365;
/**
 * The names to pray for, one per line of the order form (docs/decisions/035): at most PRAYER_NAMES_MAX of
 * them, each at most PRAYER_NAME_MAX_LENGTH characters, its note at most PRAYER_NOTE_MAX_LENGTH. Beyond a
 * limit the order is refused with a 422, never cut.
 */
export const PRAYER_NAMES_MAX = 30;
export const PRAYER_NAME_MAX_LENGTH = 100;
export const PRAYER_NOTE_MAX_LENGTH = 200;

// Whole sentences, not a label put into one: the API finds each message by its English words to answer
// it in the request's language (apps/api/src/api-messages).
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/** One name to pray for, as the patron gives it. */
export const prayerNameInputSchema = z.object({
  name: z
    .string({ error: 'Write the name, or remove its line.' })
    .trim()
    .min(1, 'Write the name, or remove its line.')
    .max(PRAYER_NAME_MAX_LENGTH, `A name can be at most ${PRAYER_NAME_MAX_LENGTH} characters.`),
  /** Living (false) or departed (true): the prayers differ. */
  departed: z.boolean({ error: 'Say whether the person is living or departed.' }).default(false),
  /** Anything the monks should know, such as a date of death. */
  note: optionalText(PRAYER_NOTE_MAX_LENGTH, `A note can be at most ${PRAYER_NOTE_MAX_LENGTH} characters.`),
});
export type PrayerNameInput = z.input<typeof prayerNameInputSchema>;

/**
 * A form (multipart, as the web app sends every request: docs/api.md) carries the names as one field
 * holding their JSON; a JSON body carries the list itself. Text that is not JSON stays text, and is refused.
 */
export function listFromForm(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const createOrderRequestSchema = z.object({
  monastery: idSchema('Choose a monastery.'),
  puja: idSchema('Choose a puja.'),
  /** What the person saw; the server compares it with the current price and never charges it. */
  cost: z.coerce.number({ error: 'Cost is required.' }).nonnegative('Cost is required.'),
  date: z.string().trim().regex(ISO_DATE_PATTERN, 'Choose a date.'),
  payment: z.enum(PAYMENT_METHODS, { error: 'Choose how to pay: eSewa or Khalti.' }),
  /** The names prayed for, in the order the patron wrote them; none is allowed. */
  names: z
    .preprocess(
      listFromForm,
      z
        .array(prayerNameInputSchema, { error: 'Give the names as a list.' })
        .max(PRAYER_NAMES_MAX, `At most ${PRAYER_NAMES_MAX} names can be given.`),
    )
    .default([]),
  intention: optionalText(
    INTENTION_MAX_LENGTH,
    `The intention can be at most ${INTENTION_MAX_LENGTH} characters.`,
  ),
  /** One per form submission: a double click or a retried request creates one order. */
  idempotency_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid request key.')
    .optional(),
  /** A per-unit offering's quantity; a "pay what you can" offering's amount (docs/decisions/054). */
  ...offeringChoiceFieldsSchema.shape,
  /** A dedication to someone else, told to them on the day chosen; a form sends it as JSON. */
  gift: z.preprocess((value) => (value === '' ? undefined : listFromForm(value)), giftInputSchema.optional()),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/** A name prayed for, as an order shows it; `read_at` is when the monks ticked it as read (ISO), or null. */
export const prayerNameSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    departed: z.boolean(),
    note: z.string().nullable(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'PrayerName' });
export type PrayerName = z.infer<typeof prayerNameSchema>;

/** A patron's concern about the order's puja and its outcome (docs/decisions/036). */
export const concernSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(CONCERN_KINDS),
    message: z.string(),
    status: z.enum(CONCERN_STATUSES),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
    /** The administrator's words to the patron (a rejection's reason). */
    resolution_note: z.string().nullable(),
    /** A refund's amount in rupees. */
    refund_amount: z.number().nonnegative().nullable(),
    /** A redo's new day, `YYYY-MM-DD` (Nepal). */
    redo_date: z.string().nullable(),
  })
  .meta({ id: 'Concern' });
export type Concern = z.infer<typeof concernSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    /** The reference a person quotes, e.g. `PJ-7K3M9Q` (not guessable from another order's). */
    number: z.string(),
    /** What a staff member's change sends back (docs/decisions/040). */
    version: z.number().int(),
    /** The puja's day, as an ISO timestamp at the start of that day in the business time zone. */
    date: z.string(),
    /**
     * The time of day the monastery set for the puja (`HH:MM`, business time zone), or null when none is
     * set (docs/decisions/020). The server always sends it.
     */
    time: z.string().nullable().optional(),
    user_id: z.number().int(),
    user: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    monastery_puja: z.object({
      id: z.number().int(),
      monastery: z.object({
        id: z.number().int(),
        name: z.string(),
        slug: z.string(),
        ...nameTranslationsSchema.shape,
      }),
      puja: z.object({ id: z.number().int(), name: z.string(), ...nameTranslationsSchema.shape }),
    }),
    /** The names to pray for, in the patron's order, each with its tick once read. */
    names: z.array(prayerNameSchema),
    intention: z.string().nullable(),
    payment_type: z.enum(PAYMENT_PROVIDERS),
    payment_status: z.enum(PAYMENT_STATUSES),
    transaction_code: z.string().nullable(),
    amount: z.number().nonnegative(),
    /**
     * How the amount was made (docs/decisions/054): `quantity` × `unit_price` for a per-unit offering (its
     * unit's names kept as they were ordered), the patron's own amount for "pay what you can", else the
     * price. The server always sends them; optional so an answer kept from before reads.
     */
    pricing: z.enum(OFFERING_PRICINGS).optional(),
    quantity: z.number().int().optional(),
    unit_price: z.number().nullable().optional(),
    unit: unitNamesSchema.nullable().optional(),
    /** The dedication to someone else, or null. Always sent. */
    gift: orderGiftSchema.nullable().optional(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string(),
    /**
     * When this order expires unless it is paid (ISO): its payment window's end, or the end of its puja's
     * day in Nepal if that comes first. Null once paid or closed. The server always sends it.
     */
    pay_by: z.string().nullable().optional(),
    /** The money received for it (payments not received are left out), oldest first, with any refund. */
    payments: z.array(paymentSchema),
    /** The patron's live "Pay for me" link (docs/decisions/051), or null. The server always sends it. */
    payment_link: paymentLinkSummarySchema.nullable().optional(),
    /**
     * Why the monastery declined the order, and the staff member's words when the reason is `other`; null
     * for an order not declined. The server always sends it.
     */
    decline: z
      .object({ reason: z.enum(DECLINE_REASONS), note: z.string().nullable() })
      .nullable()
      .optional(),
    /**
     * Until when a declined or cancelled order still takes messages (ISO; CLOSED_ORDER_MESSAGE_DAYS after it
     * closed); null for any other order. The server always sends it and enforces it.
     */
    messages_until: z.string().nullable().optional(),
    /** Who wrote last on the order: `patron` means the monastery has a message to answer. */
    last_message_from: z.enum(['patron', 'monastery']).nullable(),
    /** The concerns raised about the order's puja, oldest first (docs/decisions/036). Always sent. */
    concerns: z.array(concernSchema).optional(),
    /**
     * Until when the patron may raise a concern (ISO): a performed order's completion plus the concern
     * window, while no concern is open; null otherwise. Always sent.
     */
    concern_until: z.string().nullable().optional(),
    /**
     * The dedication plan this order is an occurrence of (docs/decisions/055): the plan, the occurrence's
     * place in it and the name of the person it is for when they died; null for an order of its own.
     * Always sent.
     */
    plan: z
      .object({
        id: z.number().int(),
        kind: z.enum(PLAN_KINDS),
        occurrence: z.number().int(),
        occurrences: z.number().int(),
        departed_name: z.string().nullable(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const OWN_ORDERS_PAGE_SIZE = 20;
/** One page of the patron's own orders, newest first. */
export const ownOrdersResponseSchema = z.object({ orders: z.array(orderSchema), ...pageInfoSchema.shape });
export type OwnOrdersResponse = z.infer<typeof ownOrdersResponseSchema>;

export const orderIdParamsSchema = z.object({ orderId: idSchema() });

export const orderMessageSchema = z
  .object({
    message: z.string(),
    created_at: z.string(),
    /** The order's patron, or the monastery's staff. */
    from: z.enum(['patron', 'monastery']),
  })
  .meta({ id: 'OrderMessage' });
export const orderImageSchema = z
  .object({ id: z.number().int(), url: z.string() })
  .meta({ id: 'OrderImage' });

export const orderConversationResponseSchema = z.object({
  messages: z.array(orderMessageSchema),
  images: z.array(orderImageSchema),
  order: orderSchema,
});
export type OrderConversationResponse = z.infer<typeof orderConversationResponseSchema>;

/** The most orders one section of the staff dashboard carries: the soonest pujas, which need action first. */
export const STAFF_SECTION_LIMIT = 25;
/**
 * A monastery's orders, as its staff's dashboard shows them (refreshed after every action): paid orders to
 * act on, orders still waiting for their patron's payment (nothing to do yet), and approved ones, each
 * soonest puja first and at most STAFF_SECTION_LIMIT of them, with how many there are in all.
 */
export const staffOrdersResponseSchema = z.object({
  pendingOrders: z.array(orderSchema),
  awaitingPaymentOrders: z.array(orderSchema),
  approvedOrders: z.array(orderSchema),
  totals: z.object({
    pending: z.number().int().nonnegative(),
    awaitingPayment: z.number().int().nonnegative(),
    approved: z.number().int().nonnegative(),
  }),
});
export type StaffOrdersResponse = z.infer<typeof staffOrdersResponseSchema>;

export const orderEditResponseSchema = z.object({
  order: z.object({ id: z.number().int(), date: z.string(), version: z.number().int() }),
});

/** A puja's time of day as staff set it: `HH:MM` (24-hour, Nepal time), or empty for none. */
export const PUJA_TIME_MESSAGE = 'Use a time such as 07:00 or 18:30 (Nepal time).';
export const pujaTimeSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || TIME_OF_DAY_PATTERN.test(value), PUJA_TIME_MESSAGE)
  .transform((value) => (value === '' ? null : value));

/**
 * Only the version: approve · `date`: change the date · `status=decline`: decline. `time` with an approval or a
 * re-date sets the puja's time of day (empty clears it); left out, the time stays as it was.
 */
export const updateOrderRequestSchema = z.object({
  date: z.string().trim().regex(ISO_DATE_PATTERN, 'Choose a date.').optional(),
  time: pujaTimeSchema.optional(),
  status: z.literal('decline', { error: 'The only status that can be sent is decline.' }).optional(),
  /** With `status=decline`: why (docs/decisions/038). */
  reason: z
    .enum(DECLINE_REASONS, {
      error: 'Choose why: the date is not available, the puja is not offered, or another reason.',
    })
    .optional(),
  /** With `reason=other`: the reason in the staff member's words, which the patron reads. */
  reason_note: z
    .string()
    .trim()
    .max(DECLINE_NOTE_MAX_LENGTH, `The reason can be at most ${DECLINE_NOTE_MAX_LENGTH} characters.`)
    .optional(),
  /** The order's version the page showed: a change from an older one is refused (409). */
  version: recordVersionSchema,
});
export type UpdateOrderRequest = z.input<typeof updateOrderRequestSchema>;

export const MESSAGE_MAX_LENGTH = 2000;
/** What anyone writes on an order: required, at most MESSAGE_MAX_LENGTH characters once trimmed. */
const messageTextSchema = z
  .string({ error: 'Message is required.' })
  .trim()
  .min(1, 'Message is required.')
  .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`);
export const messageToPatronRequestSchema = z.object({
  orderID: idSchema('Choose an order.'),
  userID: idSchema('Choose a patron.'),
  message: messageTextSchema,
});
/** A patron writing to the monastery on their own order. */
export const messageToMonasteryRequestSchema = z.object({ message: messageTextSchema });
export type MessageToMonasteryRequest = z.input<typeof messageToMonasteryRequestSchema>;
export type MessageToPatronRequest = z.input<typeof messageToPatronRequestSchema>;

export const MAX_COMPLETION_PHOTOS = 10;
/** `files[]` arrive as uploaded files; what they are is decided from their bytes on the server. */
export const completePujaRequestSchema = z.object({
  order_id: idSchema('Choose an order.'),
  'files[]': uploadedFilesSchema('One or more photos (multipart files)'),
  files: uploadedFilesSchema('Same as files[]'),
});

// ---- Endpoints (docs/decisions/014) ----

export const placeOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/order',
  access: { roles: ['user'] },
  summary: 'Order a puja; the amount is the monastery’s current price',
  tags: ['orders'],
  body: createOrderRequestSchema,
  responses: { 200: orderResponseSchema },
  errors: [401, 403, 422, 429],
});

export const ownOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order/create',
  access: { roles: ['user'] },
  summary: 'The patron’s own orders, newest first, a page at a time',
  tags: ['orders'],
  query: pageQuerySchema,
  responses: { 200: ownOrdersResponseSchema },
  errors: [401, 403, 422],
});

export const orderConversationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/get-messages/:orderId',
  access: 'signedIn',
  summary: 'An order with its messages and photos',
  tags: ['orders'],
  params: orderIdParamsSchema,
  responses: { 200: orderConversationResponseSchema },
  errors: [401, 403, 404, 422],
});

export const messageToMonasteryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/order/:orderId/messages',
  access: { roles: ['user'] },
  summary: 'The patron writes to the monastery on their own order; answers the conversation as it now is',
  tags: ['orders'],
  params: orderIdParamsSchema,
  body: messageToMonasteryRequestSchema,
  responses: { 200: orderConversationResponseSchema },
  errors: [401, 403, 404, 422, 429],
});

export const cancelOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/order/:orderId/cancel',
  access: { roles: ['user'] },
  summary: 'The patron cancels their order before the monastery approves it; money paid is refunded',
  tags: ['orders'],
  params: orderIdParamsSchema,
  responses: { 200: orderResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const orderReceiptEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order/:orderId/receipt',
  access: 'signedIn',
  summary: 'Receipts of an order as a PDF: each payment received and each refund made',
  tags: ['orders', 'payments'],
  params: orderIdParamsSchema,
  responses: {},
  file: 'application/pdf',
  errors: [401, 403, 404, 422],
});

/**
 * The patron's puja as a calendar event (RFC 5545): all day on the Nepal date, or at the time the monastery
 * set. Only the order's own patron may download it.
 */
export const orderCalendarEventEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order/:orderId/calendar.ics',
  access: { roles: ['user'] },
  summary: 'The patron’s own puja as a calendar event (.ics)',
  tags: ['orders'],
  params: orderIdParamsSchema,
  responses: {},
  file: 'text/calendar',
  errors: [401, 403, 404, 409, 422],
});

// ---- A monastery's staff handling its orders (the dashboard's own endpoints) ----

/** The errors the staff's writes have always documented (a 401 is answered too). */
const staffWriteErrors = [403, 404, 409, 422] as const;

export const staffOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order',
  access: { roles: ['monastery', 'admin'] },
  summary: 'Pending and approved orders',
  tags: ['order handling'],
  responses: { 200: staffOrdersResponseSchema },
  errors: [],
});

export const orderForEditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order/:orderId/edit',
  access: { roles: ['monastery'] },
  summary: 'An order’s current day, read afresh before it is changed',
  tags: ['order handling'],
  params: orderIdParamsSchema,
  responses: { 200: orderEditResponseSchema },
  errors: staffWriteErrors,
});

export const updateOrderEndpoint = defineEndpoint({
  method: 'PATCH',
  methodOverride: true,
  path: '/api/order/:orderId',
  access: { roles: ['monastery'] },
  summary:
    'Approve (only the version), re-date (date) or decline (status=decline) a pending order, from the version shown; time sets the puja’s time of day',
  tags: ['order handling'],
  params: orderIdParamsSchema,
  body: updateOrderRequestSchema,
  responses: { 200: staffOrdersResponseSchema },
  errors: staffWriteErrors,
});

export const messageToPatronEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/message',
  access: { roles: ['monastery'] },
  summary: 'Message the patron of an order',
  tags: ['order handling'],
  body: messageToPatronRequestSchema,
  responses: { 200: messageResponseSchema },
  errors: staffWriteErrors,
});

export const completePujaEndpoint = defineEndpoint({
  method: 'PATCH',
  methodOverride: true,
  path: '/api/complete-puja',
  access: { roles: ['monastery'] },
  summary: 'Complete an approved order with photos',
  tags: ['order handling'],
  body: completePujaRequestSchema,
  consumes: 'multipart/form-data',
  responses: { 200: staffOrdersResponseSchema },
  errors: [...staffWriteErrors, 413],
});

/** A completion photo's signed link: the signature is the credential, so it works in a new tab, for a while. */
export const orderImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order-images/:imageId',
  access: 'public',
  summary: 'A completion photo, through a signed, expiring link',
  tags: ['order handling'],
  params: z.object({ imageId: idSchema() }),
  query: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
  responses: {},
  file: 'image/webp',
  errors: [403, 404],
});
