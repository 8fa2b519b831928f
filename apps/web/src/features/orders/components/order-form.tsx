import '../../../lib/orders-strings.ts';
import { Alert, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { INTENTION_MAX_LENGTH, PAYMENT_METHODS } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { DayInput } from '../../../components/day-input.tsx';
import { formatMoney } from '../../../lib/formatting.ts';
import type { OrderFormState } from '../hooks/use-order-form.ts';
import { orderDateRange } from '../utils/order-form.ts';
import { PrayerNamesEditor } from './prayer-names-editor.tsx';

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
 * The date is the app's DayInput: typed or picked, from today in Nepal up to LATEST_ORDER_DAYS ahead.
 */
export function OrderForm({ editor, cost, offeringFields, leadingFields, actions }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const { form } = editor;
  const { min, max } = orderDateRange(editor.today);
  const offeringError = offeringFields ? undefined : (form.errors.monastery ?? form.errors.puja);

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
          error={form.errors.date}
        />
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
        {cost !== null && (
          <Text fw={700} fz="lg">
            {t('form.cost', { cost: formatMoney(cost) })}
            <ApproximatePrice rupees={cost} />
          </Text>
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
