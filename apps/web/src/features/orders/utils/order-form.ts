import type { FormErrors } from '@mantine/form';
import {
  addDays,
  createOrderRequestSchema,
  LATEST_ORDER_DAYS,
  type Language,
  type OfferingPricing,
  type PaymentMethod,
} from '@puja/contract';
import type { FormChecks } from '../../../lib/contract-form.ts';
import type { NewOrder } from '../api/create-order.ts';

/**
 * The order form's rules (docs/product.md#form-rules: monastery, puja, date and payment required; the date not before today),
 * shared by the Make Puja modal and the direct order page. The field rules are the contract's schema, the
 * one the server validates with; the date's range is the server's too.
 */

/** One line of the names editor: a name to pray for, living or departed, with an optional note. */
export interface PrayerNameLine {
  name: string;
  departed: boolean;
  note: string;
}

export const EMPTY_NAME_LINE: PrayerNameLine = Object.freeze({ name: '', departed: false, note: '' });

export type OrderFormValues = {
  /** YYYY-MM-DD, as the date field gives it and the API takes it; '' until chosen. */
  date: string;
  payment: PaymentMethod | '';
  /** The names editor's lines, in the patron's order (docs/decisions/035). */
  names: PrayerNameLine[];
  intention: string;
  /** A per-unit offering's quantity, a "pay what you can" offering's amount (docs/decisions/054). */
  quantity: string;
  amount: string;
  gift: GiftFormValues;
};

/** The dedication to someone else: sent only when `dedicate` is ticked (docs/decisions/054). */
export interface GiftFormValues {
  dedicate: boolean;
  recipient_name: string;
  email: string;
  phone: string;
  language: Language;
  /** YYYY-MM-DD, Nepal: the day they are told. */
  tell_on: string;
  message: string;
  show_patron: boolean;
}

export const EMPTY_GIFT: GiftFormValues = Object.freeze({
  dedicate: false,
  recipient_name: '',
  email: '',
  phone: '',
  language: 'en',
  tell_on: '',
  message: '',
  show_patron: false,
});

export const EMPTY_ORDER_FORM: OrderFormValues = Object.freeze({
  date: '',
  payment: '',
  names: [{ ...EMPTY_NAME_LINE }],
  intention: '',
  quantity: '',
  amount: '',
  gift: { ...EMPTY_GIFT },
});

/** A line with neither a name nor a note: left as it was offered, it is not sent. */
export function isBlankLine(line: PrayerNameLine): boolean {
  return line.name.trim() === '' && line.note.trim() === '';
}

/**
 * Names pasted into one name's field, one per line: each line its own name (a paste of a list becomes the
 * list). Blank lines are skipped; nothing is cut.
 */
export function splitPastedNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Which puja at which monastery, at the price the page showed: fixed in the modal, chosen on the page. */
export interface OrderChoice {
  monastery: number | null;
  puja: number | null;
  cost: number | null;
  /** How the offering is priced; null or absent: at one price. */
  pricing?: OfferingPricing | null;
}

/** The fields the form shows messages for though the page chooses them, not the form's own values. */
export const ORDER_CHOICE_FIELDS = ['monastery', 'puja', 'cost'] as const;

/** The days a puja can be booked for, as the date field's `minDate` and `maxDate`. */
export function orderDateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, LATEST_ORDER_DAYS) };
}

export interface DateMessages {
  tooEarly: string;
  tooLate: string;
}

function requestOf(choice: OrderChoice, values: OrderFormValues) {
  return {
    monastery: choice.monastery ?? '',
    puja: choice.puja ?? '',
    cost: choice.cost ?? '',
    date: values.date,
    payment: values.payment || undefined,
    // Lines left blank are not names: not sent (their messages are moved back to their lines: `refine`).
    names: values.names
      .filter((line) => !isBlankLine(line))
      .map((line) => ({ name: line.name, departed: line.departed, note: line.note })),
    intention: values.intention,
    quantity: choice.pricing?.kind === 'per_unit' ? values.quantity : undefined,
    amount: choice.pricing?.kind === 'pay_what_you_can' ? values.amount : undefined,
    gift: values.gift.dedicate ? giftOf(values.gift) : undefined,
  };
}

/** The gift the form holds, as the contract's `giftInputSchema` takes it (the order's, or its editor's). */
export function giftOf({ dedicate: _dedicate, ...gift }: GiftFormValues) {
  return gift;
}

/**
 * The checks of an order before sending: the contract's, on the page's choice and the form's values, and
 * the date within the range the server takes on `today()` (asked when the form is sent).
 */
export function orderFormChecks(
  choice: OrderChoice,
  today: () => string,
  dateMessages: DateMessages,
): FormChecks<OrderFormValues> {
  return {
    request: (values) => requestOf(choice, values),
    refine: (values, errors) => {
      const checked = namesOnTheirLines(values, errors);
      if (!checked.date) {
        const { min, max } = orderDateRange(today());
        if (values.date < min) checked.date = dateMessages.tooEarly;
        else if (values.date > max) checked.date = dateMessages.tooLate;
      }
      // Without a puja there is no price yet; 'Choose a puja.' says what to do.
      if (checked.puja) delete checked.cost;
      return checked;
    },
  };
}

/**
 * The request leaves blank lines out, so its `names.{n}.…` messages count only the lines sent: each is put
 * back on the line the patron sees.
 */
function namesOnTheirLines(values: OrderFormValues, errors: FormErrors): FormErrors {
  const sent = values.names.flatMap((line, index) => (isBlankLine(line) ? [] : [index]));
  const moved: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    const item = /^names\.(\d+)\.(.+)$/.exec(field);
    moved[item ? `names.${sent[Number(item[1])] ?? item[1]}.${item[2]}` : field] = message;
  }
  return moved;
}

/** The order of a choice and values the form has checked: what is sent (before its idempotency key). */
export function orderOf(choice: OrderChoice, values: OrderFormValues): NewOrder {
  return createOrderRequestSchema.parse(requestOf(choice, values));
}
