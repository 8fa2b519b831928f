import { addDays, createOrderRequestSchema, LATEST_ORDER_DAYS, type PaymentMethod } from '@puja/contract';
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
