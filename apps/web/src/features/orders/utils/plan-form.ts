import {
  addDays,
  createPlanRequestSchema,
  MONTHLY_LUNAR_DAYS,
  type PaymentMethod,
  PLAN_MONTHS_MAX,
  PLAN_YEARS_MAX,
  type PlanKind,
  planDays,
} from '@puja/contract';
import type { FormChecks } from '../../../lib/contract-form.ts';
import type { NewPlan } from '../api/plans.ts';
import { EMPTY_NAME_LINE, isBlankLine, type OrderChoice, type PrayerNameLine } from './order-form.ts';

/**
 * The plan form's rules (docs/decisions/055, 056): what each kind of plan needs, checked with the contract's
 * schema (the server's), and its days from the contract's `planDays`, shown before ordering.
 */

export type PlanFormValues = {
  departed_name: string;
  /** YYYY-MM-DD; '' until chosen. */
  date_of_death: string;
  day_of_month: string;
  anniversary: string;
  lunar_day: string;
  /** Monthly and Tibetan day: months; yearly: years. */
  count: string;
  payment: PaymentMethod | '';
  /** Paid whole, or each occurrence on its own where the offering allows it (docs/decisions/058). */
  pay_each: 'whole' | 'each';
  names: PrayerNameLine[];
  intention: string;
};

export const EMPTY_PLAN_FORM: PlanFormValues = Object.freeze({
  departed_name: '',
  date_of_death: '',
  day_of_month: '',
  anniversary: '',
  // Guru Rinpoche day, the lunar day most monasteries hold a monthly puja on.
  lunar_day: String(MONTHLY_LUNAR_DAYS.guruRinpoche),
  count: '',
  payment: '',
  pay_each: 'whole',
  names: [{ ...EMPTY_NAME_LINE }],
  intention: '',
});

/** How many occurrences a kind takes at most, and how many when none is chosen (the server's defaults). */
export function countLimits(kind: PlanKind): { max: number; fallback: number } | null {
  if (kind === 'forty_nine_days') return null;
  if (kind === 'yearly') return { max: PLAN_YEARS_MAX, fallback: 1 };
  return { max: PLAN_MONTHS_MAX, fallback: PLAN_MONTHS_MAX };
}

/** The 49 days need the death within the last 49 days to have a day left; older dates are refused. */
export function dateOfDeathRange(today: string): { min: string; max: string } {
  return { min: addDays(today, -49), max: today };
}

function requestOf(choice: OrderChoice, kind: PlanKind, values: PlanFormValues) {
  const departedGiven = values.departed_name.trim() !== '' || values.date_of_death !== '';
  const counted = countLimits(kind) !== null;
  return {
    monastery: choice.monastery ?? '',
    puja: choice.puja ?? '',
    cost: choice.cost ?? '',
    kind,
    payment: values.payment || undefined,
    pay_each: values.pay_each === 'each',
    // Required for the 49 days; for another plan only when the patron wrote it (a yearly plan for a death).
    departed:
      kind === 'forty_nine_days' || departedGiven
        ? { name: values.departed_name, date_of_death: values.date_of_death }
        : undefined,
    day_of_month: kind === 'monthly' ? values.day_of_month || undefined : undefined,
    anniversary: kind === 'yearly' ? values.anniversary || undefined : undefined,
    lunar_day: kind === 'tibetan_day' ? values.lunar_day || undefined : undefined,
    count: counted ? values.count || undefined : undefined,
    names: values.names
      .filter((line) => !isBlankLine(line))
      .map((line) => ({ name: line.name, departed: line.departed, note: line.note })),
    intention: values.intention,
  };
}

/** The schema's and the server's messages about the departed, on the form's two fields. */
export function departedOnItsFields<Message>(errors: Record<string, Message>): Record<string, Message> {
  const moved: Record<string, Message> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field === 'departed.name') moved.departed_name = message;
    else if (field === 'departed.date_of_death' || field === 'departed') moved.date_of_death = message;
    else moved[field] = message;
  }
  return moved;
}

export function planFormChecks(
  choice: OrderChoice,
  kind: PlanKind,
  messages: { kindFields: Partial<Record<keyof PlanFormValues, string>> },
): FormChecks<PlanFormValues> {
  return {
    request: (values) => requestOf(choice, kind, values),
    refine: (values, errors) => {
      const checked = departedOnItsFields(errors);
      // What the schema leaves optional, each kind needs (the server says the same).
      const needed: Partial<Record<PlanKind, keyof PlanFormValues>> = {
        monthly: 'day_of_month',
        yearly: 'anniversary',
      };
      const field = needed[kind];
      if (field && !values[field] && !checked[field]) checked[field] = messages.kindFields[field] ?? '';
      return checked;
    },
  };
}

/** The plan of a kind and values the form has checked: what is sent (before its idempotency key). */
export function planOf(choice: OrderChoice, kind: PlanKind, values: PlanFormValues): NewPlan {
  return createPlanRequestSchema.parse(requestOf(choice, kind, values));
}

/**
 * The days the plan's pujas will be on, as the server will place them (none while a detail is missing);
 * `schedule`: the monastery's own days after a death for the 49 days (docs/decisions/059).
 */
export function daysOfPlan(
  kind: PlanKind,
  values: PlanFormValues,
  today: string,
  schedule?: readonly number[] | null,
): string[] {
  const limits = countLimits(kind);
  const count = limits ? Math.min(Number(values.count) || limits.fallback, limits.max) : undefined;
  return planDays(
    {
      kind,
      dateOfDeath: values.date_of_death || null,
      dayOfMonth: Number(values.day_of_month) || null,
      anniversary: values.anniversary || null,
      lunarDay: Number(values.lunar_day) || null,
      count,
    },
    today,
    schedule,
  );
}
