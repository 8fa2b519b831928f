import { FileInput, Group, Image, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpecialPujaFormState } from '../hooks/use-special-puja-form.ts';
import { MAX_PHOTO_MEGABYTES, PHOTO_ACCEPT } from '../utils/photo-rules.ts';
import { CostInput } from './add-puja-form.tsx';

interface SpecialPujaFieldsProps {
  form: SpecialPujaFormState;
  /** On edit: the picture kept unless a new one is chosen. */
  currentImage?: { path: string | null; name: string };
}

/** A special puja's fields (SPEC §2, §5): name, image, description, status (Closed or Open) and cost. */
export function SpecialPujaFields({ form, currentImage }: SpecialPujaFieldsProps) {
  const { t } = useTranslation('monastery-dashboard');
  const { values, setValue, errors } = form;
  return (
    <Stack gap="md">
      <TextInput
        label={t('specialForm.name')}
        required
        maxLength={120}
        value={values.name}
        onChange={(event) => setValue('name', event.currentTarget.value)}
        error={errors.name}
      />
      {currentImage?.path && (
        <Group gap="sm" wrap="nowrap">
          <Image
            src={currentImage.path}
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
        accept={PHOTO_ACCEPT}
        clearable
        value={values.image}
        onChange={(file) => setValue('image', file)}
        error={errors.image}
      />
      <Textarea
        label={t('specialForm.description')}
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={5000}
        value={values.description}
        onChange={(event) => setValue('description', event.currentTarget.value)}
        error={errors.description}
      />
      <Radio.Group
        label={t('specialForm.status')}
        required
        value={values.status}
        onChange={(value) => setValue('status', value === '0' ? '0' : '1')}
        error={errors.status}
      >
        <Group mt="xs" gap="lg">
          <Radio value="1" label={t('specialForm.statusOpen')} />
          <Radio value="0" label={t('specialForm.statusClosed')} />
        </Group>
      </Radio.Group>
      <CostInput
        label={t('specialForm.cost')}
        value={values.cost}
        onChange={(value) => setValue('cost', value)}
        error={errors.cost}
      />
    </Stack>
  );
}
