import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_LABELS, runSheetPlanLabel } from './run-sheet-plan-label.ts';

/**
 * The printed run sheet says a plan in the words the staff read on screen (docs/decisions/059). The words
 * live twice (the API does not load the web's translations), so this keeps the two in step.
 */
const webOrders = (language: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../../../web/src/locales/${language}/orders.json`),
      'utf8',
    ),
  ) as {
    plans: { short: Record<string, string>; kinds: Record<string, string>; label: string; labelFor: string };
  };

describe('the run sheet’s plan label', () => {
  it.each(['en', 'ne'] as const)('uses the screen’s words in %s', (language) => {
    const { plans } = webOrders(language);
    const printed = PLAN_LABELS[language];
    const asWeb = (template: string) => template.replace(/\{(\w+)\}/g, '{{$1}}');
    expect(asWeb(printed.label)).toBe(plans.label);
    expect(asWeb(printed.labelFor)).toBe(plans.labelFor);
    for (const kind of ['forty_nine_days', 'monthly', 'yearly'] as const)
      expect(printed.kinds[kind]).toBe(plans.short[kind]);
    // An order's plan carries no lunar day, so the screen names that plan by its kind, as the sheet does.
    expect(printed.kinds.tibetan_day).toBe(plans.kinds.tibetan_day);
  });

  it('writes a name as given, even one that looks like a placeholder', () => {
    const plan = {
      id: 1,
      kind: 'forty_nine_days',
      occurrence: 3,
      occurrences: 7,
      departed_name: '{plan} $1',
    } as const;
    expect(runSheetPlanLabel(plan, 'en')).toBe('49 days for {plan} $1, 3 of 7');
  });
});
