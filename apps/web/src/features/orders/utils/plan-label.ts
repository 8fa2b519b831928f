import '../../../lib/orders-strings.ts';
import type { Order, Plan } from '@puja/contract';
import { useTranslation } from 'react-i18next';

type PlanOfOrder = NonNullable<Order['plan']>;

/**
 * What an occurrence says of its plan, on the staff's calendar, lists and run sheet and on the patron's
 * order: "49 days for Tenzin Dorje, 3 of 7" (docs/decisions/056). A Tibetan-day plan names its lunar day
 * when known (the plan's page knows it; an order's label does not carry it).
 */
export function usePlanLabel(): (plan: PlanOfOrder, lunarDay?: number | null) => string {
  const { t } = useTranslation('orders');
  return (plan, lunarDay) => {
    const name =
      plan.kind === 'tibetan_day' && !lunarDay
        ? t('plans.kinds.tibetan_day')
        : t(`plans.short.${plan.kind}`, { day: lunarDay });
    const values = { plan: name, occurrence: plan.occurrence, occurrences: plan.occurrences };
    return plan.departed_name
      ? t('plans.labelFor', { ...values, name: plan.departed_name })
      : t('plans.label', values);
  };
}

/** The plan's own title: its kind, and who it is for. */
export function usePlanTitle(): (plan: Plan) => string {
  const { t } = useTranslation('orders');
  return (plan) => {
    const kind =
      plan.kind === 'tibetan_day' && plan.lunar_day
        ? t('plans.short.tibetan_day', { day: plan.lunar_day })
        : t(`plans.kinds.${plan.kind}`);
    return plan.departed ? `${kind} · ${plan.departed.name}` : kind;
  };
}
