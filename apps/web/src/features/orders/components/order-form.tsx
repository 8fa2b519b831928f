import { Alert, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { BENEFICIARY_MAX_LENGTH, formatRupees, INTENTION_MAX_LENGTH, PAYMENT_METHODS } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
import type { OrderFormState } from '../hooks/use-order-form.ts';
import { orderDateRange } from '../utils/order-form.ts';

interface OrderFormProps {
  form: OrderFormState;
  /** The price of the chosen puja at the chosen monastery; null until both are chosen. */
  cost: number | null;
  /** The direct order page's monastery and puja choices. Without them, their messages show at the top. */
  offeringFields?: ReactNode;
  actions: ReactNode;
}

/**
 * The order form's fields (SPEC §2): date, payment method, names and intention, the cost, the buttons.
 * The date is the app's DayInput: typed or picked, from today in Nepal up to LATEST_ORDER_DAYS ahead.
 */
export function OrderForm({ form, cost, offeringFields, actions }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const { values, setValue, errors } = form;
  const { min, max } = orderDateRange(form.today);
  const offeringError = offeringFields ? undefined : (errors.monastery ?? errors.puja);

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack gap="md">
        {offeringError && (
          <Alert color="red" variant="light" role="alert">
            {offeringError}
          </Alert>
        )}
        {offeringFields}
        <DayInput
          label={t('form.date')}
          description={t('form.dateHint')}
          required
          minDate={min}
          maxDate={max}
          // The calendar opens on this month in Nepal, whatever the device's own zone says.
          defaultDate={min}
          value={values.date || null}
          onChange={(day) => setValue('date', day ?? '')}
          onBlur={(event) => form.leaveDate(event.currentTarget.value)}
          error={errors.date}
        />
        <Radio.Group
          label={t('form.payment')}
          required
          value={values.payment}
          onChange={(value) => setValue('payment', value === 'esewa' || value === 'khalti' ? value : '')}
          error={errors.payment}
        >
          <Group mt="xs" gap="lg">
            {PAYMENT_METHODS.map((method) => (
              <Radio key={method} value={method} label={t(`paymentMethod.${method}`)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={t('form.beneficiary')}
          description={t('form.beneficiaryHint')}
          maxLength={BENEFICIARY_MAX_LENGTH}
          value={values.beneficiary}
          onChange={(event) => setValue('beneficiary', event.currentTarget.value)}
          error={errors.beneficiary}
        />
        <Textarea
          label={t('form.intention')}
          description={t('form.intentionCount', {
            length: values.intention.length,
            max: INTENTION_MAX_LENGTH,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={INTENTION_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={8}
          value={values.intention}
          onChange={(event) => setValue('intention', event.currentTarget.value)}
          error={errors.intention}
        />
        {cost !== null && (
          <Text fw={700} fz="lg">
            {t('form.cost', { cost: formatRupees(cost) })}
          </Text>
        )}
        {errors.cost && (
          <Text c="red.9" size="sm" role="alert">
            {errors.cost}
          </Text>
        )}
        {actions}
      </Stack>
    </form>
  );
}
