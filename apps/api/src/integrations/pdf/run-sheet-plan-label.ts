import type { RunSheetLanguage, RunSheetOrder } from '@puja/contract';

/**
 * "49 days for Tenzin Dorje, 3 of 7" on the run sheet's PDF and CSV (docs/decisions/059), in the words the
 * web's `usePlanLabel` uses on the screen (apps/web/src/locales/{en,ne}/orders.json, `plans`), so the
 * printed sheet and the spreadsheet say what the staff read on their phones. A Tibetan-day plan is named
 * without its lunar day, as on the screen: an order's plan does not carry it.
 */
export const PLAN_LABELS = {
  en: {
    kinds: {
      forty_nine_days: '49 days',
      monthly: 'Monthly',
      yearly: 'Yearly',
      tibetan_day: 'A Tibetan calendar day each month',
    },
    label: '{plan}, {occurrence} of {occurrences}',
    labelFor: '{plan} for {name}, {occurrence} of {occurrences}',
  },
  ne: {
    kinds: {
      forty_nine_days: '४९ दिन',
      monthly: 'मासिक',
      yearly: 'वार्षिक',
      tibetan_day: 'हरेक महिना तिब्बती पात्रोको एउटा तिथि',
    },
    label: '{plan}, {occurrences} मध्ये {occurrence}',
    labelFor: '{name} का लागि {plan}, {occurrences} मध्ये {occurrence}',
  },
} as const satisfies Record<RunSheetLanguage, unknown>;

/** The label of an occurrence's plan, or null for an order of its own; `digits` writes the numbers. */
export function runSheetPlanLabel(
  plan: RunSheetOrder['plan'],
  language: RunSheetLanguage,
  digits: (text: string) => string = (text) => text,
): string | null {
  if (!plan) return null;
  const labels = PLAN_LABELS[language];
  const values: Record<string, string> = {
    plan: labels.kinds[plan.kind],
    name: plan.departed_name ?? '',
    occurrence: digits(String(plan.occurrence)),
    occurrences: digits(String(plan.occurrences)),
  };
  // One pass with a function: a name is written as given, never read as a pattern or a placeholder.
  return (plan.departed_name ? labels.labelFor : labels.label).replace(
    /\{(\w+)\}/g,
    (_, key: string) => values[key] ?? '',
  );
}
