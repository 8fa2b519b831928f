import { FileInput, Group, Image, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PICTURE_ACCEPT } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { CatalogueTranslationFields } from '../../../components/catalogue-translation-fields.tsx';
import { MAX_PHOTO_MEGABYTES } from '../../../lib/photo-rules.ts';
import { thumbnailSrc } from '../../../lib/picture-sources.ts';
import type { SpecialPujaFormState } from '../hooks/use-special-puja-form.ts';
import { PlanKindsField } from './plan-kinds-field.tsx';
import { PricingFields } from './pricing-fields.tsx';

interface SpecialPujaFieldsProps {
  editor: SpecialPujaFormState;
  /** On edit: the picture kept unless a new one is chosen. */
  currentImage?: { path: string | null; name: string };
}

/** A special puja's fields (docs/product.md#staff-pujas, §5): name, image, description, status (Closed or Open) and cost. */
export function SpecialPujaFields({ editor, currentImage }: SpecialPujaFieldsProps) {
  const { t } = useTranslation('staff');
  const { form } = editor;
  return (
    <Stack gap="md">
      <TextInput label={t('specialForm.name')} required maxLength={120} {...form.getInputProps('name')} />
      {currentImage?.path && (
        <Group gap="sm" wrap="nowrap">
          <Image
            src={thumbnailSrc(currentImage.path)}
            alt={t('specialForm.currentImage', { name: currentImage.name })}
            w={72}
            h={72}
            radius="sm"
            fit="cover"
          />
          <Text size="sm" c="dimmed">
            {t('specialForm.imageKeep')}
          </Text>
        </Group>
      )}
      <FileInput
        label={t('specialForm.image')}
        description={t('specialForm.imageHint', { size: MAX_PHOTO_MEGABYTES })}
        placeholder={t('specialForm.imagePlaceholder')}
        required={!currentImage}
        accept={PICTURE_ACCEPT}
        clearable
        {...form.getInputProps('image')}
      />
      <Textarea
        label={t('specialForm.description')}
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={5000}
        {...form.getInputProps('description')}
      />
      <CatalogueTranslationFields form={form} />
      <Radio.Group label={t('specialForm.status')} required {...form.getInputProps('status')}>
        <Group mt="xs" gap="lg">
          <Radio value="1" label={t('specialForm.statusOpen')} />
          <Radio value="0" label={t('specialForm.statusClosed')} />
        </Group>
      </Radio.Group>
      <PricingFields
        values={form.values}
        errors={form.errors}
        inputProps={(field) => form.getInputProps(field)}
        cost={form.getInputProps('cost')}
        fixedLabel={t('specialForm.cost')}
      />
      <PlanKindsField
        value={form.values.plan_kinds}
        onChange={(kinds) => form.setFieldValue('plan_kinds', kinds)}
        error={form.errors.plan_kinds}
        schedule={{
          value: form.values.plan_schedule,
          onChange: (days) => form.setFieldValue('plan_schedule', days),
          error: form.errors.plan_schedule,
        }}
        payEach={{
          checked: form.values.plan_pay_each,
          onChange: (checked) => form.setFieldValue('plan_pay_each', checked),
          error: form.errors.plan_pay_each,
        }}
      />
    </Stack>
  );
}
