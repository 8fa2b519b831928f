import {
  Group,
  NumberInput,
  type NumberInputProps,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import {
  MAX_PUJA_COST,
  MIN_PUJA_COST,
  OFFERING_PRICINGS,
  OFFERING_QUANTITY_MAX,
  UNIT_NAME_MAX_LENGTH,
} from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { type PricingValues, quantityErrorOf } from '../utils/puja-forms.ts';

interface PricingFieldsProps {
  values: PricingValues;
  errors: FormErrors;
  inputProps: (field: keyof PricingValues) => GetInputPropsReturnType;
  /** The price's input as the form wires it; its label follows the pricing. */
  cost: NumberInputProps;
  /** The price's label for one price (each form has always called it its own way). */
  fixedLabel: string;
}

/**
 * How an offering is priced (docs/decisions/054): one price, a price per unit (its name in the three
 * languages, and a list of quantities or a least and a most), or pay what you can above a least amount.
 * The contract checks the fields; its messages show on them, from the form or from the server.
 */
export function PricingFields({ values, errors, inputProps, cost, fixedLabel }: PricingFieldsProps) {
  const { t } = useTranslation('staff');
  const costLabel = {
    fixed: fixedLabel,
    per_unit: t('pricingForm.unitPrice'),
    pay_what_you_can: t('pricingForm.leastAmount'),
  }[values.pricing];
  const min = inputProps('min_quantity');
  return (
    <Stack gap="md">
      <Radio.Group label={t('pricingForm.label')} required {...inputProps('pricing')}>
        <Group mt="xs" gap="lg">
          {OFFERING_PRICINGS.map((kind) => (
            <Radio key={kind} value={kind} label={t(`pricingForm.kinds.${kind}`)} />
          ))}
        </Group>
      </Radio.Group>
      <CostInput {...cost} label={costLabel} />
      {values.pricing === 'per_unit' && (
        <>
          {/* One under another: the Update Monastery modal is too narrow for three side by side. */}
          <Stack gap="sm">
            <TextInput
              label={t('pricingForm.unitEn')}
              description={t('pricingForm.unitHint')}
              required
              maxLength={UNIT_NAME_MAX_LENGTH}
              {...inputProps('unit_en')}
            />
            <TextInput
              label={t('pricingForm.unitNe')}
              lang="ne"
              required
              maxLength={UNIT_NAME_MAX_LENGTH}
              {...inputProps('unit_ne')}
            />
            <TextInput
              label={t('pricingForm.unitZhHant')}
              lang="zh-Hant"
              required
              maxLength={UNIT_NAME_MAX_LENGTH}
              {...inputProps('unit_zh_hant')}
            />
          </Stack>
          <Radio.Group label={t('pricingForm.quantityMode')} {...inputProps('quantity_mode')}>
            <Group mt="xs" gap="lg">
              <Radio value="choices" label={t('pricingForm.choices')} />
              <Radio value="range" label={t('pricingForm.range')} />
            </Group>
          </Radio.Group>
          {values.quantity_mode === 'choices' ? (
            <TextInput
              label={t('pricingForm.quantities')}
              description={t('pricingForm.quantitiesHint')}
              required
              inputMode="numeric"
              {...inputProps('quantities')}
              // The server names a wrong one by its place in the list ("quantities.1").
              error={quantityErrorOf(errors)}
            />
          ) : (
            <SimpleGrid cols={2} spacing="sm">
              <QuantityInput
                label={t('pricingForm.minQuantity')}
                {...min}
                // "Give the least and the most" is the contract's message on `quantities`, not in view here.
                error={min.error ?? quantityErrorOf(errors)}
              />
              <QuantityInput label={t('pricingForm.maxQuantity')} {...inputProps('max_quantity')} />
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

function QuantityInput(props: NumberInputProps) {
  return (
    <NumberInput
      required
      min={1}
      max={OFFERING_QUANTITY_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode="numeric"
      {...props}
    />
  );
}

/** A price in rupees, with paisa; the contract's range is the input's. */
function CostInput({ label, ...input }: NumberInputProps) {
  const { t } = useTranslation('staff');
  return (
    <NumberInput
      label={label ?? t('addPuja.cost')}
      description={t('addPuja.costHint', { min: MIN_PUJA_COST })}
      required
      min={MIN_PUJA_COST}
      max={MAX_PUJA_COST}
      decimalScale={2}
      // Clamping would silently turn a typed 5 into 10; the contract's message says what is wrong instead.
      clampBehavior="none"
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...input}
    />
  );
}
