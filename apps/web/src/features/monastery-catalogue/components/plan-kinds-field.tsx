import '../../../lib/orders-strings.ts';
import { Checkbox, Stack } from '@mantine/core';
import { PLAN_KINDS, type PlanKind } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Which dedication plans the monastery offers a puja as (docs/decisions/055, 056): none (one puja at a
 * time), the 49 days after a death, monthly, yearly, a Tibetan calendar day each month. Patrons then choose
 * one in the Make Puja form; the plan's pujas are each at the offering's price.
 */
export function PlanKindsField({
  value,
  onChange,
  error,
  payEach,
}: {
  value: PlanKind[];
  onChange: (kinds: PlanKind[]) => void;
  error?: ReactNode;
  /**
   * Whether patrons may pay the plans occurrence by occurrence (docs/decisions/058), shown once a plan is
   * offered; left out, the form does not set it.
   */
  payEach?: { checked: boolean; onChange: (checked: boolean) => void; error?: ReactNode };
}) {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="xs">
      <PlanKindsChoice value={value} onChange={onChange} error={error} />
      {payEach && value.length > 0 && (
        <Checkbox
          label={t('planKinds.payEach')}
          description={t('planKinds.payEachHint')}
          checked={payEach.checked}
          onChange={(event) => payEach.onChange(event.currentTarget.checked)}
          error={payEach.error}
        />
      )}
    </Stack>
  );
}

function PlanKindsChoice({
  value,
  onChange,
  error,
}: {
  value: PlanKind[];
  onChange: (kinds: PlanKind[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('staff');
  return (
    <Checkbox.Group
      label={t('planKinds.label')}
      description={t('planKinds.hint')}
      value={value}
      onChange={(kinds) => onChange(PLAN_KINDS.filter((kind) => kinds.includes(kind)))}
      error={error}
    >
      <Stack mt="xs" gap="xs">
        {PLAN_KINDS.map((kind) => (
          <Checkbox key={kind} value={kind} label={t(`plans.kinds.${kind}`, { ns: 'orders' })} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
