/** Values the spec fixes (docs/product.md#catalogue-status-and-removal, §9) and docs/design.md decides; shared by server and web. */

export const ROLES = ['admin', 'monastery', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Monastery and puja status: 1 open, 0 closed (docs/product.md#catalogue-status-and-removal). */
export const CATALOGUE_STATUS = { closed: 0, open: 1 } as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUS)[keyof typeof CATALOGUE_STATUS];

export const PAYMENT_METHODS = ['esewa', 'khalti'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Who took a payment: the two wallets a patron chooses between when ordering, and Stripe, the card
 * provider a deployment may turn on (docs/decisions/052), chosen at the payment step.
 */
export const PAYMENT_PROVIDERS = [...PAYMENT_METHODS, 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** Each provider's name as patrons and administrators read it (notices, receipts, lists). */
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = {
  esewa: 'eSewa',
  khalti: 'Khalti',
  stripe: 'Card (Stripe)',
};

/**
 * `pending` → `approved` → `completed`; a pending order may instead be `declined` (staff), `cancelled` (its
 * patron) or `expired` (left unpaid). docs/decisions/010 draws the whole diagram with the money.
 */
export const ORDER_STATUSES = [
  'pending',
  'approved',
  'declined',
  'completed',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** States an order does not leave: no puja is going to be performed for it, or it was. */
export const CLOSED_ORDER_STATUSES = ['declined', 'completed', 'cancelled', 'expired'] as const;

/**
 * An order's money, and each payment's: `Pending` nothing received yet, `Completed` received and kept for
 * the puja, `Failed` (a payment only) the provider says it did not happen, `Refund due` received for a
 * puja that will not be performed (or paid twice) and still to be returned, `Refunded` returned.
 */
export const PAYMENT_STATUSES = ['Pending', 'Completed', 'Failed', 'Refund due', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a monastery declined an order (docs/decisions/038): the patron reads it on the order and in the notice.
 * `other` comes with the staff member's own words.
 */
export const DECLINE_REASONS = ['date_unavailable', 'puja_not_offered', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_NOTE_MAX_LENGTH = 500;
/** How long a declined or cancelled order stays open to messages after it closed (docs/decisions/038). */
export const CLOSED_ORDER_MESSAGE_DAYS = 30;
/**
 * The refund policy's promise: a refund due is made within this many days of falling due, back to the
 * wallet paid with (`/refunds`; docs/decisions/042). A decline's notice gives the patron that day.
 */
export const REFUND_WITHIN_DAYS = 7;
/** How a patron wants to be reminded the day before their puja (docs/decisions/038). */
export const REMINDER_CHANNELS = ['sms', 'email', 'none'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
/**
 * How often a monastery's staff member is told of orders (docs/decisions/041): at each order, or in a
 * digest every 15 minutes, every hour, or once a day (07:00 Nepal time).
 */
export const STAFF_NOTICE_FREQUENCIES = ['each', 'quarter-hour', 'hourly', 'daily'] as const;
export type StaffNoticeFrequency = (typeof STAFF_NOTICE_FREQUENCIES)[number];

/**
 * Why money received is to be returned. `duplicate`: the order was already paid by another payment;
 * `concern`: an administrator resolved the patron's concern about a performed puja with a refund, of all
 * or part of the payment (docs/decisions/036).
 */
export const REFUND_REASONS = ['declined', 'cancelled', 'expired', 'duplicate', 'concern'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * A patron's concern about a performed puja (docs/decisions/036): what went wrong, and where it stands.
 * `refunded`, `redone` and `rejected` are the administrator's three resolutions.
 */
export const CONCERN_KINDS = ['name_missed', 'no_proof', 'wrong_day', 'other'] as const;
export type ConcernKind = (typeof CONCERN_KINDS)[number];
export const CONCERN_STATUSES = ['open', 'refunded', 'redone', 'rejected'] as const;
export type ConcernStatus = (typeof CONCERN_STATUSES)[number];
export const CONCERN_MESSAGE_MAX_LENGTH = 2000;

/** `PJ-` and six characters without look-alikes (no 0/O, 1/I/L, U), e.g. `PJ-7K3M9Q`. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_NUMBER_PATTERN = /^PJ-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

export const SORT_OPTIONS = ['lowToHigh', 'highToLow'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Description previews (docs/product.md#fixed-values-and-formats). */
export const PREVIEW_LENGTH = { monasteryCard: 100, pujaCard: 100, monasteryCardOnPujaPage: 50 } as const;

export const DEFAULT_COUNTRY_DIAL_CODE = '+977';
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Kathmandu';
export const TOKEN_STORAGE_KEY = 'token';

/** The largest file an upload may carry (a photo from a phone fits); the server answers 413 above it. */
export const MAX_UPLOAD_MEGABYTES = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;

/**
 * Dedication plans (docs/decisions/055): `forty_nine_days`, the seven weeks after a death; `monthly`, on a
 * chosen day of each month; `yearly`, on an anniversary; `tibetan_day`, on a chosen lunar day of each Tibetan
 * month (the 10th, Guru Rinpoche day: docs/decisions/056).
 */
export const PLAN_KINDS = ['forty_nine_days', 'monthly', 'yearly', 'tibetan_day'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
/** The days after the date of death of the seven weeks' pujas, unless the monastery keeps its own. */
export const FORTY_NINE_DAY_SCHEDULE = [7, 14, 21, 28, 35, 42, 49] as const;
/** A monastery's own schedule of days after a death: at most this many pujas, none past the 49th day. */
export const PLAN_SCHEDULE_MAX_DAYS = 49;
