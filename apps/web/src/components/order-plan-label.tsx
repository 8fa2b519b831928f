import '../lib/orders-strings.ts';
import { Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type PlanOfOrder = NonNullable<Order['plan']>;

/**
 * What an occurrence says of its plan, on the staff's calendar, lists and run sheet and on the patron's
 * order: "49 days for Tenzin Dorje, 3 of 7" (docs/decisions/056). A Tibetan-day plan names its lunar day
 * when known (the plan's page knows it; an order's label does not carry it).
 */
export function usePlanLabel(): (plan: PlanOfOrder, lunarDay?: number | null) => string {
  const { t } = useTranslation('orders');
  // One function while the language stays: the staff's calendar builds its events from it.
  return useCallback(
    (plan, lunarDay) => {
      const name =
        plan.kind === 'tibetan_day' && !lunarDay
          ? t('plans.kinds.tibetan_day')
          : t(`plans.short.${plan.kind}`, { day: lunarDay });
      const values = { plan: name, occurrence: plan.occurrence, occurrences: plan.occurrences };
      return plan.departed_name
        ? t('plans.labelFor', { ...values, name: plan.departed_name })
        : t('plans.label', values);
    },
    [t],
  );
}

/**
 * "49 days for Tenzin Dorje, 3 of 7" under an occurrence of a dedication plan on the staff's lists, order
 * page and run sheet (docs/decisions/056), so the monks know the puja is one of a series; nothing for an
 * order of its own.
 */
export function OrderPlanLabel({ plan }: { plan: Order['plan'] }) {
  const label = usePlanLabel();
  if (!plan) return null;
  return (
    <Text size="sm" c="grape.9" data-testid="plan-label">
      {label(plan)}
    </Text>
  );
}
