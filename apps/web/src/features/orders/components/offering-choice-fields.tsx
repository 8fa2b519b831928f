import { Group, NumberInput, Radio, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGES, type Language, type OfferingPricing, orderAmountOf, rupeesToPaisa } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/formatting.ts';
import type { OrderFormValues } from '../utils/order-form.ts';

interface OfferingChoiceFieldsProps {
  form: UseFormReturnType<OrderFormValues>;
  pricing: OfferingPricing | null | undefined;
  /** The unit's price, or the least amount, in rupees. */
  cost: number | null;
}

/** The reader's language for a unit's name: the app's, else English. */
export function useUnitLanguage(): Language {
  const { i18n } = useTranslation();
  return LANGUAGES.includes(i18n.language as Language) ? (i18n.language as Language) : 'en';
}

/**
 * How much of a priced offering (docs/decisions/054): the quantities the monastery offers (×21, ×108,
 * ×1,000 butter lamps) or any within its limits, or the amount a patron gives above its least. Nothing for
 * a puja at one price. The server computes the amount again from the catalogue; this only shows it.
 */
export function OfferingChoiceFields({ form, pricing, cost }: OfferingChoiceFieldsProps) {
  const { t } = useTranslation('orders');
  const language = useUnitLanguage();
  if (!pricing || pricing.kind === 'fixed' || cost === null) return null;
  if (pricing.kind === 'pay_what_you_can')
    return (
      <NumberInput
        label={t('offering.amount')}
        description={t('offering.amountHint', { least: formatMoney(cost) })}
        required
        min={cost}
        max={pricing.max_amount ?? undefined}
        decimalScale={2}
        thousandSeparator=","
        prefix="Rs. "
        {...form.getInputProps('amount')}
        onChange={(value) => form.setFieldValue('amount', value === '' ? '' : String(value))}
      />
    );
  const unit = pricing.unit?.[language] ?? '';
  return pricing.quantities ? (
    <Radio.Group
      label={t('offering.quantity', { unit })}
      description={t('offering.unitPrice', { unit, price: formatMoney(cost) })}
      required
      {...form.getInputProps('quantity')}
    >
      <Group mt="xs" gap="lg">
        {pricing.quantities.map((quantity) => (
          <Radio
            key={quantity}
            value={String(quantity)}
            label={t('offering.choice', { quantity: quantity.toLocaleString(), unit })}
          />
        ))}
      </Group>
    </Radio.Group>
  ) : (
    <NumberInput
      label={t('offering.quantity', { unit })}
      description={t('offering.range', {
        unit,
        price: formatMoney(cost),
        min: pricing.min_quantity,
        max: pricing.max_quantity,
      })}
      required
      min={pricing.min_quantity ?? 1}
      max={pricing.max_quantity ?? undefined}
      allowDecimal={false}
      {...form.getInputProps('quantity')}
      onChange={(value) => form.setFieldValue('quantity', value === '' ? '' : String(value))}
    />
  );
}

/**
 * The order's amount in rupees as the form's values make it, by the contract's one rule: null while the
 * quantity or amount is missing or not allowed.
 */
export function chosenAmount(
  pricing: OfferingPricing | null | undefined,
  cost: number | null,
  values: Pick<OrderFormValues, 'quantity' | 'amount'>,
): number | null {
  if (cost === null) return null;
  if (!pricing) return cost;
  const priced = orderAmountOf(pricing, rupeesToPaisa(cost), {
    quantity: values.quantity === '' ? undefined : Number(values.quantity),
    amount: values.amount === '' ? undefined : Number(values.amount),
  });
  return priced.ok ? priced.amountPaisa / 100 : null;
}

/** "108 × butter lamp at Rs. 10 = Rs. 1,080", under the amount, for a per-unit offering. */
export function QuantityTimesPrice({
  pricing,
  cost,
  quantity,
}: {
  pricing: OfferingPricing | null | undefined;
  cost: number | null;
  quantity: string;
}) {
  const { t } = useTranslation('orders');
  const language = useUnitLanguage();
  if (pricing?.kind !== 'per_unit' || cost === null || quantity === '') return null;
  return (
    <Text size="sm" c="dimmed">
      {t('offering.timesPrice', {
        quantity: Number(quantity).toLocaleString(),
        unit: pricing.unit?.[language] ?? '',
        price: formatMoney(cost),
      })}
    </Text>
  );
}
