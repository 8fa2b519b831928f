import '../../../lib/orders-strings.ts';
import { Checkbox, Radio, Stack, TextInput } from '@mantine/core';
import { FORTY_NINE_DAY_SCHEDULE, PLAN_KINDS, type PlanKind } from '@puja/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Which dedication plans the monastery offers a puja as (docs/decisions/055, 056): none (one puja at a
 * time), the 49 days after a death, monthly, yearly, a Tibetan calendar day each month. Patrons then choose
 * one in the Make Puja form; the plan's pujas are each at the offering's price. With the 49 days, the
 * monastery's own days after a death (docs/decisions/059): the 7th, 14th … 49th, or days of its own
 * ("1, 7, 14"), which the contract checks.
 */
export function PlanKindsField({
  value,
  onChange,
  error,
  schedule,
  payEach,
}: {
  value: PlanKind[];
  onChange: (kinds: PlanKind[]) => void;
  error?: ReactNode;
  /** The 49 days' own schedule as the form holds it ("" for the 7th … 49th). */
  schedule: { value: string; onChange: (days: string) => void; error?: ReactNode };
  /**
   * Whether patrons may pay the plans occurrence by occurrence (docs/decisions/058), shown once a plan is
   * offered; left out, the form does not set it.
   */
  payEach?: { checked: boolean; onChange: (checked: boolean) => void; error?: ReactNode };
}) {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="sm">
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
      {value.includes('forty_nine_days') && <ScheduleField {...schedule} />}
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

function ScheduleField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (days: string) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('staff');
  // "Our own days" stays chosen while the line is being emptied to be typed again.
  const [own, setOwn] = useState(value !== '');
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('planSchedule.label')}
        value={own ? 'own' : 'usual'}
        onChange={(choice) => {
          setOwn(choice === 'own');
          // Their own days start from the usual ones, to change rather than type whole.
          onChange(choice === 'own' ? FORTY_NINE_DAY_SCHEDULE.join(', ') : '');
        }}
      >
        <Stack mt="xs" gap="xs">
          <Radio value="usual" label={t('planSchedule.usual')} />
          <Radio value="own" label={t('planSchedule.own')} />
        </Stack>
      </Radio.Group>
      {own && (
        <TextInput
          label={t('planSchedule.days')}
          description={t('planSchedule.hint')}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      )}
    </Stack>
  );
}
