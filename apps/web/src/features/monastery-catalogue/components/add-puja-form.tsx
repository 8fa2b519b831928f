import { Button, Paper, Select, Stack, Title } from '@mantine/core';
import type { Puja } from '@puja/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { useAddPujaForm } from '../hooks/use-add-puja-form.ts';
import { PricingFields } from './pricing-fields.tsx';

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
          <PricingFields
            values={form.values}
            errors={form.errors}
            inputProps={(field) => form.getInputProps(field)}
            cost={form.getInputProps('cost')}
            fixedLabel={t('addPuja.cost')}
          />
          <Button type="submit" loading={isSending} disabled={!available || nothingToAdd}>
            {t('addPuja.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
