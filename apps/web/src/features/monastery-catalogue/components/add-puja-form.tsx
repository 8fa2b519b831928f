import { Button, NumberInput, type NumberInputProps, Paper, Select, Stack, Title } from '@mantine/core';
import { MAX_PUJA_COST, MIN_PUJA_COST, type Puja } from '@puja/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { useAddPujaForm } from '../hooks/use-add-puja-form.ts';

/**
 * The Add Puja form (docs/product.md#staff-pujas): a catalogue puja the monastery does not offer yet, and its price. `available`
 * is undefined while the list loads.
 */
export function AddPujaForm({ available }: { available: readonly Puja[] | undefined }) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  const { form, submit, isSending } = useAddPujaForm();
  const headingId = useId();
  const nothingToAdd = available?.length === 0;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4" id={headingId}>
            {t('addPuja.heading')}
          </Title>
          <Select
            label={t('addPuja.puja')}
            placeholder={nothingToAdd ? t('addPuja.noPujas') : t('addPuja.pujaPlaceholder')}
            required
            searchable
            data={(available ?? []).map((puja) => ({ value: String(puja.id), label: text(puja, 'name') }))}
            {...form.getInputProps('puja')}
            disabled={!available || nothingToAdd}
          />
          <CostInput {...form.getInputProps('cost')} />
          <Button type="submit" loading={isSending} disabled={!available || nothingToAdd}>
            {t('addPuja.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A price in rupees, with paisa; the contract's range is the input's. */
export function CostInput({ label, ...input }: NumberInputProps) {
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
