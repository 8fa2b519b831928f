import '../../../lib/orders-strings.ts';
import { FileInput, List, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  MONTHLY_LUNAR_DAYS,
  type MonthlyObservance,
  PAYMENT_METHODS,
  PICTURE_ACCEPT,
  paisaToRupees,
  rupeesToPaisa,
} from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { DayInput } from '../../../components/day-input.tsx';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import type { PlanFormState } from '../hooks/use-plan-form.ts';
import { countLimits, dateOfDeathRange, daysOfPlan } from '../utils/plan-form.ts';
import { PrayerNamesEditor } from './prayer-names-editor.tsx';
import { useLunarDayPicker } from './tibetan-day.tsx';

/** The lunar days by number, each with the name of its special day when it has one (the 10th: Guru Rinpoche). */
const SPECIAL_LUNAR_DAYS = new Map(
  (Object.entries(MONTHLY_LUNAR_DAYS) as [MonthlyObservance, number][]).map(([name, day]) => [day, name]),
);

interface PlanFieldsProps {
  editor: PlanFormState;
  /** One occurrence's price (rupees), as the page showed it. */
  cost: number;
  /** The monastery's own days after a death for the 49 days, as its page carries them; null: 7th … 49th. */
  schedule?: readonly number[] | null | undefined;
  /** The monastery lets its plans be paid each (docs/decisions/058): the patron chooses how. */
  payEachAllowed?: boolean | undefined;
  leadingFields?: ReactNode;
  actions: ReactNode;
}

/**
 * A dedication plan's fields (docs/decisions/056): what its kind needs (the departed, the date of death and
 * an optional photo of them, docs/decisions/060; a day of the month, an anniversary or a lunar day, and how
 * many), the wallet, the names and intention,
 * then the days the pujas will be on (the contract's `planDays`, as the server places them) and the total,
 * paid whole.
 */
export function PlanFields({
  editor,
  cost,
  schedule,
  payEachAllowed,
  leadingFields,
  actions,
}: PlanFieldsProps) {
  const { t } = useTranslation('orders');
  const { form, kind, today } = editor;
  const values = form.values;
  const limits = countLimits(kind);
  const deathRange = dateOfDeathRange(today);
  const lunarDayPicker = useLunarDayPicker();
  const days = daysOfPlan(kind, values, today, schedule);
  const totalPaisa = rupeesToPaisa(cost) * days.length;
  const offeringError = form.errors.monastery ?? form.errors.puja ?? form.errors.kind;

  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="md">
        {offeringError && (
          <Text c="red.9" size="sm" role="alert">
            {offeringError}
          </Text>
        )}
        {leadingFields}
        {(kind === 'forty_nine_days' || kind === 'yearly') && (
          <TextInput
            label={t('plans.form.departedName')}
            required={kind === 'forty_nine_days'}
            autoComplete="off"
            {...form.getInputProps('departed_name')}
          />
        )}
        {(kind === 'forty_nine_days' || kind === 'yearly') && (
          <DayInput
            label={t('plans.form.dateOfDeath')}
            // The 49 days count from it; a yearly plan may be for the anniversary of a death (optional).
            description={kind === 'forty_nine_days' ? t('plans.form.dateOfDeathHint') : undefined}
            required={kind === 'forty_nine_days'}
            minDate={kind === 'forty_nine_days' ? deathRange.min : undefined}
            maxDate={deathRange.max}
            defaultDate={deathRange.max}
            value={values.date_of_death || null}
            onChange={(day) => form.setFieldValue('date_of_death', day ?? '')}
            error={form.errors.date_of_death}
          />
        )}
        {/* Only with a name to go with it: a yearly plan for no one who has died takes no photo. */}
        {(kind === 'forty_nine_days' || (kind === 'yearly' && values.departed_name.trim() !== '')) && (
          <FileInput
            label={t('plans.photo.field')}
            description={t('plans.photo.hint')}
            accept={PICTURE_ACCEPT}
            value={editor.photo}
            onChange={editor.setPhoto}
            clearable
          />
        )}
        {kind === 'monthly' && (
          <NumberInput
            label={t('plans.form.dayOfMonth')}
            description={t('plans.form.dayOfMonthHint')}
            required
            min={1}
            max={31}
            allowDecimal={false}
            {...form.getInputProps('day_of_month')}
            onChange={(value) => form.setFieldValue('day_of_month', value === '' ? '' : String(value))}
          />
        )}
        {kind === 'yearly' && (
          <DayInput
            label={t('plans.form.anniversary')}
            description={t('plans.form.anniversaryHint')}
            required
            maxDate={today}
            defaultDate={today}
            value={values.anniversary || null}
            onChange={(day) => form.setFieldValue('anniversary', day ?? '')}
            renderDay={lunarDayPicker.renderDay}
            error={form.errors.anniversary}
          />
        )}
        {kind === 'tibetan_day' && (
          <Select
            label={t('plans.form.lunarDay')}
            description={t('plans.form.lunarDayHint')}
            required
            allowDeselect={false}
            data={Array.from({ length: 30 }, (_, index) => {
              const day = index + 1;
              const special = SPECIAL_LUNAR_DAYS.get(day);
              return {
                value: String(day),
                label: special
                  ? t('plans.form.lunarDayNamed', { day, name: t(`tibetanCalendar.special.${special}`) })
                  : t('plans.form.lunarDayOption', { day }),
              };
            })}
            {...form.getInputProps('lunar_day')}
          />
        )}
        {limits && (
          <NumberInput
            label={kind === 'yearly' ? t('plans.form.years') : t('plans.form.months')}
            min={1}
            max={limits.max}
            allowDecimal={false}
            placeholder={String(limits.fallback)}
            {...form.getInputProps('count')}
            onChange={(value) => form.setFieldValue('count', value === '' ? '' : String(value))}
          />
        )}
        {payEachAllowed && (
          <Radio.Group label={t('plans.form.howToPay')} {...form.getInputProps('pay_each')}>
            <Stack mt="xs" gap="xs">
              <Radio value="whole" label={t('plans.form.payWholeChoice')} />
              <Radio value="each" label={t('plans.form.payEachChoice')} />
            </Stack>
          </Radio.Group>
        )}
        <Radio.Group label={t('form.payment')} required {...form.getInputProps('payment')}>
          <Stack mt="xs" gap="xs">
            {PAYMENT_METHODS.map((method) => (
              <Radio key={method} value={method} label={t(`paymentMethod.${method}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <PrayerNamesEditor form={form} />
        <TextInput label={t('form.intention')} {...form.getInputProps('intention')} />
        <Stack gap={4} data-testid="plan-days">
          <Text fw={600}>{t('plans.form.days')}</Text>
          {days.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('plans.form.noDays')}
            </Text>
          ) : (
            <List size="sm" type="ordered">
              {days.map((day) => (
                <List.Item key={day}>{formatPujaDate(day)}</List.Item>
              ))}
            </List>
          )}
        </Stack>
        {days.length > 0 && (
          <Stack gap={2}>
            <Text fw={700} fz="lg" data-testid="plan-total">
              {t('plans.form.total', {
                count: days.length,
                each: formatMoney(cost),
                total: formatMoney(paisaToRupees(totalPaisa)),
              })}
              <ApproximatePrice rupees={paisaToRupees(totalPaisa)} />
            </Text>
            <Text size="sm" c="dimmed">
              {form.values.pay_each === 'each' ? t('plans.form.payEach') : t('plans.form.payWhole')}
            </Text>
          </Stack>
        )}
        {form.errors.cost && (
          <Text c="red.9" size="sm" role="alert">
            {form.errors.cost}
          </Text>
        )}
        {actions}
      </Stack>
    </form>
  );
}
