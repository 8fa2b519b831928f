import { PLAN_KINDS, PLAN_SCHEDULE_MAX_DAYS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { formBoolean } from './input-rules.ts';
import { LANGUAGES } from './languages.ts';
import { isWholePaisa, rupeesToPaisa } from './money.ts';
import { isValidE164 } from './phone.ts';
import { emailSchema } from './session.ts';
import { z } from './zod.ts';

/**
 * How a monastery prices an offering, and gifts (docs/decisions/054). `fixed`: one price, the puja as it
 * always was. `per_unit`: a price per unit (a butter lamp, a monk's meal) times a quantity the patron
 * chooses among the monastery's choices or within its limits. `pay_what_you_can`: the patron names an amount
 * of at least the monastery's minimum. In every case the offering's `cost` is the one price the monastery
 * set (the price, the unit's price or the minimum) and the server computes the amount from it.
 */
export const OFFERING_PRICINGS = ['fixed', 'per_unit', 'pay_what_you_can'] as const;
export type OfferingPricingKind = (typeof OFFERING_PRICINGS)[number];

export const UNIT_NAME_MAX_LENGTH = 40;
/** The most units one order may take (a thousand lamps is common; a hundred thousand is a festival). */
export const OFFERING_QUANTITY_MAX = 100_000;
/** How many fixed choices (×21, ×108, ×1,000 …) an offering lists at most. */
export const OFFERING_QUANTITY_CHOICES_MAX = 12;
/**
 * The largest amount a patron may name for a "pay what you can" offering, in rupees: a typo of three
 * zeros is refused rather than charged (and eSewa and Khalti refuse larger single payments anyway).
 */
export const PAY_WHAT_YOU_CAN_MAX = 1_000_000;
/** The largest amount any order reaches, in rupees (a quantity times its unit's price included). */
export const ORDER_AMOUNT_MAX = 10_000_000;

/** A unit's name in every language the site speaks: "butter lamp", "बत्ती", "酥油燈". */
export const unitNamesSchema = z
  .object({ en: z.string(), ne: z.string(), 'zh-Hant': z.string() })
  .meta({ id: 'UnitNames' });
export type UnitNames = z.infer<typeof unitNamesSchema>;

/** How an offering is priced, as the catalogue and the order form read it. */
export const offeringPricingSchema = z
  .object({
    kind: z.enum(OFFERING_PRICINGS),
    /** `per_unit`: the unit's name; null otherwise. */
    unit: unitNamesSchema.nullable(),
    /** `per_unit`: the quantities offered, smallest first, or null when any within the limits is. */
    quantities: z.array(z.number().int()).nullable(),
    min_quantity: z.number().int().nullable(),
    max_quantity: z.number().int().nullable(),
    /** `pay_what_you_can`: the largest amount accepted, in rupees; null otherwise. */
    max_amount: z.number().nullable(),
  })
  .meta({ id: 'OfferingPricing' });
export type OfferingPricing = z.infer<typeof offeringPricingSchema>;

/** The pricing of an offering that has no other: one price. */
export const FIXED_PRICING: OfferingPricing = {
  kind: 'fixed',
  unit: null,
  quantities: null,
  min_quantity: null,
  max_quantity: null,
  max_amount: null,
};

/** A form's empty field is no value. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalWholeNumber = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(1, message)
      .max(OFFERING_QUANTITY_MAX, message)
      .optional(),
  );

const unitNameSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(UNIT_NAME_MAX_LENGTH, `A unit's name can be at most ${UNIT_NAME_MAX_LENGTH} characters.`)
    .optional(),
);

const QUANTITY_CHOICES_MESSAGE = `List up to ${OFFERING_QUANTITY_CHOICES_MAX} quantities, such as 21, 108, 1000.`;

/** "21, 108, 1000" as a form sends it, or a list as JSON does. */
const quantityChoicesSchema = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string') return blank;
    return blank
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  },
  z
    .array(
      z
        .number({ error: QUANTITY_CHOICES_MESSAGE })
        .int(QUANTITY_CHOICES_MESSAGE)
        .min(1, QUANTITY_CHOICES_MESSAGE)
        .max(OFFERING_QUANTITY_MAX, QUANTITY_CHOICES_MESSAGE),
      { error: QUANTITY_CHOICES_MESSAGE },
    )
    .min(1, QUANTITY_CHOICES_MESSAGE)
    .max(OFFERING_QUANTITY_CHOICES_MAX, QUANTITY_CHOICES_MESSAGE)
    .optional(),
);

export const PLAN_SCHEDULE_MESSAGE = `List days after a death from 1 to ${PLAN_SCHEDULE_MAX_DAYS}, each once and in order, such as 1, 7, 14.`;

/**
 * A monastery's own 49-day schedule (docs/decisions/059): 1 to PLAN_SCHEDULE_MAX_DAYS whole days after a
 * death, each from 1 to 49, rising (so each once): what `planDays` places the plan's pujas on.
 */
export function isPlanSchedule(days: readonly unknown[]): days is number[] {
  return (
    days.length >= 1 &&
    days.length <= PLAN_SCHEDULE_MAX_DAYS &&
    days.every(
      (day, index) =>
        typeof day === 'number' &&
        Number.isInteger(day) &&
        day >= 1 &&
        day <= PLAN_SCHEDULE_MAX_DAYS &&
        (index === 0 || day > (days[index - 1] as number)),
    )
  );
}

/**
 * The pricing fields of a staff member's offering form, beside its `cost`. Checked with the cost by
 * `checkOfferingPricing`, so a unit's price times the largest quantity stays within ORDER_AMOUNT_MAX.
 */
export const offeringPricingFieldsSchema = z.object({
  /** Left out: a new offering is at one price, and a change of price keeps the offering's pricing. */
  pricing: z.preprocess(
    blankToUndefined,
    z.enum(OFFERING_PRICINGS, { error: 'Choose how the offering is priced.' }).optional(),
  ),
  unit_en: unitNameSchema,
  unit_ne: unitNameSchema,
  unit_zh_hant: unitNameSchema,
  quantities: quantityChoicesSchema,
  min_quantity: optionalWholeNumber(`Give a whole number from 1 to ${OFFERING_QUANTITY_MAX}.`),
  max_quantity: optionalWholeNumber(`Give a whole number from 1 to ${OFFERING_QUANTITY_MAX}.`),
  /**
   * The dedication plans the offering is offered as (docs/decisions/055, 056): a list, or "monthly,yearly"
   * as a form sends it, "" for none. Left out: a change of price keeps the offering's plans.
   */
  plan_kinds: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.enum(PLAN_KINDS, { error: 'Choose among the plans offered.' }))
      .max(PLAN_KINDS.length)
      .transform((kinds) => [...new Set(kinds)])
      .optional(),
  ),
  /**
   * The monastery's own days after a death for the 49 days' pujas (docs/decisions/059): "1, 7, 14" as a
   * form sends it, or a list; "" for the 7th, 14th … 49th day (null); left out: kept as they are.
   */
  plan_schedule: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? null
          : // Devanagari digits as typed on a Nepali keyboard read as the same days.
            value
              .replace(/[०-९]/g, (digit) => String('०१२३४५६७८९'.indexOf(digit)))
              .split(',')
              .map((part) => (part.trim() === '' ? Number.NaN : Number(part)))
        : value,
    z
      .array(z.unknown(), { error: PLAN_SCHEDULE_MESSAGE })
      .refine(isPlanSchedule, PLAN_SCHEDULE_MESSAGE)
      .transform((days) => days as number[])
      .nullable()
      .optional(),
  ),
  /**
   * Whether patrons may pay the offering's plans occurrence by occurrence (docs/decisions/058), as JSON
   * (true) or a form ("true") sends it. Left out: kept, like `plan_kinds`.
   */
  plan_pay_each: formBoolean('Say whether plans may be paid occurrence by occurrence.').optional(),
});
export type OfferingPricingFields = z.output<typeof offeringPricingFieldsSchema>;

/** The refinements of an offering form's pricing: each a field and the words the person reads. */
export function checkOfferingPricing(
  value: OfferingPricingFields & { cost: number },
  context: z.RefinementCtx,
): void {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  // A least amount above what a patron may give would make an offering nobody can pay for.
  if (value.pricing === 'pay_what_you_can' && value.cost > PAY_WHAT_YOU_CAN_MAX)
    problem('cost', `The least amount can be at most Rs. ${PAY_WHAT_YOU_CAN_MAX}.`);
  if (value.pricing !== 'per_unit') return;
  for (const field of ['unit_en', 'unit_ne', 'unit_zh_hant'] as const)
    if (!value[field]) problem(field, 'Name the unit in each language, such as “butter lamp”.');
  const { quantities, min_quantity: min, max_quantity: max } = value;
  if (!quantities && (min === undefined || max === undefined)) {
    problem('quantities', 'List the quantities offered, or give the least and the most.');
    return;
  }
  if (!quantities && min !== undefined && max !== undefined && max < min)
    problem('max_quantity', 'The most cannot be less than the least.');
  const largest = quantities ? Math.max(...quantities) : (max ?? 0);
  if (rupeesToPaisa(value.cost) * largest > rupeesToPaisa(ORDER_AMOUNT_MAX))
    problem(
      quantities ? 'quantities' : 'max_quantity',
      `The largest quantity at this price comes to more than Rs. ${ORDER_AMOUNT_MAX}.`,
    );
}

/** The pricing an offering form describes, as stored and read back (undefined parts as null). */
export function pricingFromFields(value: OfferingPricingFields): OfferingPricing {
  if (value.pricing === 'pay_what_you_can')
    return { ...FIXED_PRICING, kind: 'pay_what_you_can', max_amount: PAY_WHAT_YOU_CAN_MAX };
  if (value.pricing !== 'per_unit') return FIXED_PRICING;
  const quantities = value.quantities ? [...new Set(value.quantities)].sort((a, b) => a - b) : null;
  return {
    kind: 'per_unit',
    unit: { en: value.unit_en ?? '', ne: value.unit_ne ?? '', 'zh-Hant': value.unit_zh_hant ?? '' },
    quantities,
    min_quantity: quantities ? null : (value.min_quantity ?? null),
    max_quantity: quantities ? null : (value.max_quantity ?? null),
    max_amount: null,
  };
}

/** The order form's choice for a priced offering: how many units, or what amount (rupees). */
export const offeringChoiceFieldsSchema = z.object({
  quantity: optionalWholeNumber(`Give a whole number from 1 to ${OFFERING_QUANTITY_MAX}.`),
  amount: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Give the amount you offer.' })
      .positive('Give the amount you offer.')
      .max(ORDER_AMOUNT_MAX, 'This amount is too large.')
      .refine(isWholePaisa, 'An amount can have at most two decimals (paisa).')
      .optional(),
  ),
});

// ---- Gifts ----

export const GIFT_NAME_MAX_LENGTH = 100;
export const GIFT_MESSAGE_MAX_LENGTH = 500;

/**
 * A dedication to someone else, as the patron gives it with the order: whom, how to tell them (an e-mail
 * address, a phone number in international form, or both), in which language, on which day (Nepal), with
 * the patron's own words, and whether the patron's name is shown to them.
 */
export const giftInputSchema = z
  .object({
    recipient_name: z
      .string({ error: 'Write the name of the person you dedicate it to.' })
      .trim()
      .min(1, 'Write the name of the person you dedicate it to.')
      .max(GIFT_NAME_MAX_LENGTH, `A name can be at most ${GIFT_NAME_MAX_LENGTH} characters.`),
    email: z.preprocess(blankToUndefined, emailSchema.optional()),
    phone: z.preprocess(
      (value) => (typeof value === 'string' ? blankToUndefined(value.replace(/[\s-]/g, '')) : value),
      z
        .string()
        .refine(isValidE164, 'Write the number with its country code, such as +44 7911 123456.')
        .optional(),
    ),
    language: z.enum(LANGUAGES, { error: 'Choose the language they read.' }).default('en'),
    tell_on: z
      .string({ error: 'Choose the day they are told.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day they are told.'),
    message: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(GIFT_MESSAGE_MAX_LENGTH, `Your words can be at most ${GIFT_MESSAGE_MAX_LENGTH} characters.`)
        .optional(),
    ),
    /** Whether the recipient sees who dedicated it (the patron's name only; never a number or address). */
    show_patron: z.preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean().default(false),
    ),
  })
  .refine((gift) => gift.email !== undefined || gift.phone !== undefined, {
    path: ['email'],
    message: 'Give an e-mail address or a phone number to tell them.',
  });
export type GiftInput = z.input<typeof giftInputSchema>;

/**
 * A gift as the order shows it, to its patron and its monastery: without the recipient's address or number,
 * which only the notice uses.
 */
export const orderGiftSchema = z
  .object({
    recipient_name: z.string(),
    tell_on: z.string(),
    /** When the recipient was told (ISO), or null while the day has not come or the order is unpaid. */
    told_at: z.string().nullable(),
    message: z.string().nullable(),
    show_patron: z.boolean(),
  })
  .meta({ id: 'OrderGift' });
export type OrderGift = z.infer<typeof orderGiftSchema>;

/** What a dedication's page shows its recipient: the puja, and its proof once performed. */
export const dedicationSchema = z
  .object({
    recipient_name: z.string(),
    /** The patron's name when they chose to show it; null otherwise. */
    from: z.string().nullable(),
    message: z.string().nullable(),
    puja: z.string(),
    monastery: z.string(),
    /** The puja's day in Nepal, `YYYY-MM-DD`, and its time there when set. */
    date: z.string(),
    time: z.string().nullable(),
    names: z.array(z.string()),
    quantity: z.number().int(),
    unit: unitNamesSchema.nullable(),
    /** `to_come` until performed; `not_held` when the order was declined, cancelled or expired. */
    status: z.enum(['to_come', 'performed', 'not_held']),
    /** The completion photos, through short-lived signed links, once performed. */
    photos: z.array(z.object({ id: z.number().int(), url: z.string() })),
  })
  .meta({ id: 'Dedication' });
export type Dedication = z.infer<typeof dedicationSchema>;

export const dedicationParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'This link is not complete.'),
});

/** The recipient's page of a dedication; the link's token is the only key to it. */
export function dedicationPagePath(token: string): string {
  return `/dedication/${token}`;
}

export const dedicationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/dedication/:token',
  access: 'public',
  summary:
    'A dedication as its recipient sees it, by the link they were sent; nothing of the patron’s but a name they chose to show',
  tags: ['orders'],
  params: dedicationParamsSchema,
  responses: { 200: z.object({ dedication: dedicationSchema }) },
  errors: [404, 429],
});

/** Why a patron's choice does not fit the offering, with the values its message names. */
export type OrderChoiceProblem =
  | { field: 'quantity'; problem: 'quantityNotOffered'; quantities: string }
  | { field: 'quantity'; problem: 'quantityOutOfRange'; min: number; max: number }
  | { field: 'amount'; problem: 'amountMissing' }
  | { field: 'amount'; problem: 'amountTooSmall'; amount: number }
  | { field: 'amount' | 'quantity'; problem: 'amountTooLarge'; amount: number };

/**
 * The amount of an order (integer paisa) from its offering's pricing and price and the patron's choice:
 * the one rule, used by the server to charge and by the order form to show the sum (docs/decisions/054).
 * A choice the offering does not allow is a problem to tell the patron; nothing is rounded or capped.
 */
export function orderAmountOf(
  pricing: OfferingPricing,
  costPaisa: number,
  choice: { quantity?: number | undefined; amount?: number | undefined },
):
  | { ok: true; amountPaisa: number; quantity: number; unitPricePaisa: number | null }
  | ({ ok: false } & OrderChoiceProblem) {
  if (pricing.kind === 'per_unit') {
    const { quantity } = choice;
    const min = pricing.min_quantity ?? 1;
    const max = pricing.max_quantity ?? OFFERING_QUANTITY_MAX;
    if (pricing.quantities && (quantity === undefined || !pricing.quantities.includes(quantity)))
      return {
        ok: false,
        field: 'quantity',
        problem: 'quantityNotOffered',
        quantities: pricing.quantities.join(', '),
      };
    if (quantity === undefined || quantity < min || quantity > max)
      return { ok: false, field: 'quantity', problem: 'quantityOutOfRange', min, max };
    // A price changed after its quantities were set may make a sum no order can hold.
    if (costPaisa * quantity > rupeesToPaisa(ORDER_AMOUNT_MAX))
      return { ok: false, field: 'quantity', problem: 'amountTooLarge', amount: ORDER_AMOUNT_MAX };
    return { ok: true, amountPaisa: costPaisa * quantity, quantity, unitPricePaisa: costPaisa };
  }
  if (pricing.kind === 'pay_what_you_can') {
    if (choice.amount === undefined) return { ok: false, field: 'amount', problem: 'amountMissing' };
    const amountPaisa = rupeesToPaisa(choice.amount);
    const most = pricing.max_amount ?? PAY_WHAT_YOU_CAN_MAX;
    if (amountPaisa < costPaisa)
      return { ok: false, field: 'amount', problem: 'amountTooSmall', amount: costPaisa / 100 };
    if (amountPaisa > rupeesToPaisa(most))
      return { ok: false, field: 'amount', problem: 'amountTooLarge', amount: most };
    return { ok: true, amountPaisa, quantity: 1, unitPricePaisa: null };
  }
  return { ok: true, amountPaisa: costPaisa, quantity: 1, unitPricePaisa: null };
}
