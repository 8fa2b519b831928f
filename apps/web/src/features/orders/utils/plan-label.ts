import '../../../lib/orders-strings.ts';
import type { Plan } from '@puja/contract';
import { useTranslation } from 'react-i18next';

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
