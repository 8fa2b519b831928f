import '../../../lib/orders-strings.ts';
import { Alert, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import {
  addDays,
  INTENTION_MAX_LENGTH,
  isCalendarDate,
  PAYMENT_METHODS,
  UNAVAILABLE_DAYS_MAX_RANGE,
} from '@puja/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { DayInput } from '../../../components/day-input.tsx';
import { formatMoney } from '../../../lib/formatting.ts';
import { useUnavailableDays } from '../../order-days/api/get-unavailable-days.ts';
import type { OrderFormState } from '../hooks/use-order-form.ts';
import { orderDateRange } from '../utils/order-form.ts';
import { monthOf } from '../utils/unavailable-days.ts';
import { GiftFields } from './gift-fields.tsx';
import { chosenAmount, OfferingChoiceFields, QuantityTimesPrice } from './offering-choice-fields.tsx';
import { PrayerNamesEditor } from './prayer-names-editor.tsx';
import { TibetanDayNote, useLunarDayPicker } from './tibetan-day.tsx';
import { UnavailableDaysNote, useDescribeUnavailable } from './unavailable-days-note.tsx';

interface OrderFormProps {
  editor: OrderFormState;
  /** The price of the chosen puja at the chosen monastery; null until both are chosen. */
  cost: number | null;
  /** The direct order page's monastery and puja choices. Without them, their messages show at the top. */
  offeringFields?: ReactNode;
  /** Fields before the order's own: a new patron's name (Make Puja right after signing up). */
  leadingFields?: ReactNode;
  actions: ReactNode;
}

/**
 * The order form's fields (docs/product.md#make-puja): date, payment method, names and intention, the cost, the buttons.
 * The date is the app's DayInput: typed or picked, from today in Nepal up to LATEST_ORDER_DAYS ahead, with
 * the Tibetan calendar's lunar days and special days beside it.
 */
export function OrderForm({ editor, cost, offeringFields, leadingFields, actions }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const { form } = editor;
  const { min, max } = orderDateRange(editor.today);
  const offeringError = offeringFields ? undefined : (form.errors.monastery ?? form.errors.puja);
  // The days not offered in the months the calendar shows (docs/decisions/040); the server checks again.
  const [shownMonth, setShownMonth] = useState(monthOf(min));
  const from = shownMonth < min ? min : shownMonth;
  const to = addDays(from, UNAVAILABLE_DAYS_MAX_RANGE - 1);
  const unavailable = useUnavailableDays(editor.choice.monastery, editor.choice.puja, { from, to });
  const notOffered = new Map((unavailable.data?.days ?? []).map((day) => [day.date, day]));
  const chosenNotOffered = form.values.date ? notOffered.get(form.values.date) : undefined;
  const describeUnavailable = useDescribeUnavailable(unavailable.data?.cutoff_time ?? null);
  // Monasteries hold pujas on Tibetan calendar days: the picker shows each day's lunar day (decision 053).
  const lunarDayPicker = useLunarDayPicker();
  // A quantity of a unit, or the patron's own amount, makes the amount shown (docs/decisions/054).
  const { pricing } = editor.choice;
  const amount = chosenAmount(pricing, cost, form.values);

  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="md">
        {offeringError && (
          <Alert color="red" variant="light" role="alert">
            {offeringError}
          </Alert>
        )}
        {leadingFields}
        {offeringFields}
        <OfferingChoiceFields form={form} pricing={pricing} cost={cost} />
        <DayInput
          label={t('form.date')}
          description={`${t('form.dateHint')} ${t('day.nepalDateHint', { ns: 'prices' })}`}
          required
          minDate={min}
          maxDate={max}
          // The calendar opens on this month in Nepal, whatever the device's own zone says.
          defaultDate={min}
          value={form.values.date || null}
          onChange={(day) => form.setFieldValue('date', day ?? '')}
          onBlur={(event) => editor.leaveDate(event.currentTarget.value)}
          onDateChange={(shown) => setShownMonth(monthOf(shown))}
          excludeDate={(day) => notOffered.has(day)}
          renderDay={lunarDayPicker.renderDay}
          getDayProps={lunarDayPicker.getDayProps}
          error={
            form.errors.date ??
            (chosenNotOffered &&
              describeUnavailable({
                first: chosenNotOffered.date,
                last: chosenNotOffered.date,
                reason: chosenNotOffered.reason,
                message: chosenNotOffered.message,
              }))
          }
        />
        {isCalendarDate(form.values.date) && <TibetanDayNote date={form.values.date} />}
        {unavailable.data && (
          <UnavailableDaysNote days={unavailable.data.days} cutoffTime={unavailable.data.cutoff_time} />
        )}
        <Radio.Group label={t('form.payment')} required {...form.getInputProps('payment')}>
          <Group mt="xs" gap="lg">
            {PAYMENT_METHODS.map((method) => (
              <Radio key={method} value={method} label={t(`paymentMethod.${method}`)} />
            ))}
          </Group>
        </Radio.Group>
        <PrayerNamesEditor form={form} />
        <CountedTextarea
          label={t('form.intention')}
          max={INTENTION_MAX_LENGTH}
          minRows={3}
          inputProps={form.getInputProps('intention')}
        />
        <GiftFields form={form} min={min} max={max} />
        {amount !== null && (
          <Stack gap={2}>
            <Text fw={700} fz="lg" data-testid="order-amount">
              {t('form.cost', { cost: formatMoney(amount) })}
              <ApproximatePrice rupees={amount} />
            </Text>
            <QuantityTimesPrice pricing={pricing} cost={cost} quantity={form.values.quantity} />
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

interface CountedTextareaProps {
  label: string;
  hint?: string;
  max: number;
  minRows: number;
  /** The form's own props for the field (value, onChange, error, focus). */
  inputProps: GetInputPropsReturnType;
}

/**
 * A text the server takes up to `max` characters of (the intention), with its count
 * under it. Nothing limits what is typed or pasted: a longer text is shown whole, with a message saying how
 * much to shorten it, so no name is cut off without the patron seeing it (issue 29). The server refuses it
 * too (422, the same limit from the contract).
 */
function CountedTextarea({ label, hint, max, minRows, inputProps }: CountedTextareaProps) {
  const { t } = useTranslation('orders');
  const length = String(inputProps.value ?? '').length;
  const count = t('form.intentionCount', { length, max });
  return (
    <Textarea
      {...inputProps}
      label={label}
      description={hint ? `${hint} ${count}` : count}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={length > max ? t('form.tooLong', { length, max }) : inputProps.error}
      autosize
      minRows={minRows}
      maxRows={8}
    />
  );
}
