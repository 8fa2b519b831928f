import {
  addDays,
  createOrderRequestSchema,
  isCalendarDate,
  LATEST_ORDER_DAYS,
  type PaymentMethod,
} from '@puja/contract';
import { ApiError } from '../../../lib/api-client.ts';
import type { NewOrder } from '../api/create-order.ts';

/**
 * The order form's rules (SPEC §5: monastery, puja, date and payment required; the date not before today),
 * shared by the Make Puja modal and the direct order page. The field rules are the contract's schema, the
 * one the server validates with; the date's range is the server's too.
 */

export interface OrderFormValues {
  /** YYYY-MM-DD, as the date field gives it and the API takes it; '' until chosen. */
  date: string;
  payment: PaymentMethod | '';
  beneficiary: string;
  intention: string;
}

export const EMPTY_ORDER_FORM: OrderFormValues = Object.freeze({
  date: '',
  payment: '',
  beneficiary: '',
  intention: '',
});

/** Which puja at which monastery, at the price the page showed: fixed in the modal, chosen on the page. */
export interface OrderChoice {
  monastery: number | null;
  puja: number | null;
  cost: number | null;
}

export const ORDER_FIELDS = [
  'monastery',
  'puja',
  'cost',
  'date',
  'payment',
  'beneficiary',
  'intention',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export type OrderFormErrors = Partial<Record<OrderField, string>>;

function isOrderField(value: unknown): value is OrderField {
  return ORDER_FIELDS.includes(value as OrderField);
}

/** The days a puja can be booked for, as the date field's `minDate` and `maxDate`. */
export function orderDateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, LATEST_ORDER_DAYS) };
}

/** How the date field shows the chosen day (dayjs format), as the staff's Update Puja Date field does. */
export const ORDER_DATE_FORMAT = 'MMMM D, YYYY';

// The app speaks English only (locales/en), and so do the field's month names.
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function dayOf(year: string, month: number, day: string): string | null {
  const isoDay = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(isoDay) ? isoDay : null;
}

function monthNumber(name: string): number {
  return name.length >= 3 ? MONTHS.findIndex((month) => month.startsWith(name)) + 1 : 0;
}

/**
 * The day typed into the date field, as YYYY-MM-DD, or null: `2026-12-01` (also with / or .), the field's
 * own `December 1, 2026`, and `1 December 2026`, month names shortened to three letters or more. Numbers
 * alone in another order (1/12/2026) are refused: they read as different days in Nepal and in the US.
 */
export function parseOrderDay(text: string): string | null {
  const typed = text
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();
  const numeric = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed);
  if (numeric) return dayOf(numeric[1]!, Number(numeric[2]), numeric[3]!);
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/.exec(typed);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month ? dayOf(monthFirst[3]!, month, monthFirst[2]!) : null;
  }
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.? (\d{4})$/.exec(typed);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2]!);
    return month ? dayOf(dayFirst[3]!, month, dayFirst[1]!) : null;
  }
  return null;
}

export type OrderFormCheck = { ok: true; order: NewOrder } | { ok: false; errors: OrderFormErrors };

export interface DateMessages {
  tooEarly: string;
  tooLate: string;
}

/** Checks the form before sending: the first problem per field, or the order to send. */
export function checkOrderForm(
  choice: OrderChoice,
  values: OrderFormValues,
  today: string,
  dateMessages: DateMessages,
): OrderFormCheck {
  const parsed = createOrderRequestSchema.safeParse({
    monastery: choice.monastery ?? '',
    puja: choice.puja ?? '',
    cost: choice.cost ?? '',
    date: values.date,
    payment: values.payment || undefined,
    beneficiary: values.beneficiary,
    intention: values.intention,
  });
  const errors: OrderFormErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (isOrderField(field) && !errors[field]) errors[field] = issue.message;
  }
  if (!errors.date) {
    const { min, max } = orderDateRange(today);
    if (values.date < min) errors.date = dateMessages.tooEarly;
    else if (values.date > max) errors.date = dateMessages.tooLate;
  }
  // Without a puja there is no price yet; 'Choose a puja.' says what to do.
  if (errors.puja) delete errors.cost;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, order: parsed.data };
}

/** The server's per-field messages of a refused order (422 `errors`), first one per field. */
export function fieldErrorsOfOrderFailure(error: unknown): OrderFormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: OrderFormErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (isOrderField(field) && messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/** Why an order was refused, for the toast: the field's own message says more than 'invalid input'. */
export function reasonOfOrderFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const firstFieldMessage = Object.values(error.errors).find((messages) => messages[0])?.[0];
  return firstFieldMessage ?? error.message;
}
