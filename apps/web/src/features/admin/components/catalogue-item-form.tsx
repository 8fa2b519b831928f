import { Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueItemFormState } from '../hooks/use-catalogue-item-form.ts';
import { ImageDropzone } from './image-dropzone.tsx';

interface CatalogueItemFormProps {
  form: CatalogueItemFormState;
  actions: ReactNode;
}

/** A monastery's or puja's fields (SPEC §5): name, image, description and status, all required. */
export function CatalogueItemForm({ form, actions }: CatalogueItemFormProps) {
  const { t } = useTranslation('admin');
  const { values, setValue, errors } = form;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('catalogue.name')}
          required
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          error={errors.name}
          maxLength={120}
        />
        <ImageDropzone
          value={values.image}
          currentImagePath={form.currentImagePath}
          error={errors.image}
          onChange={(file) => setValue('image', file)}
          onReject={(message) => form.setError('image', message)}
        />
        <Textarea
          label={t('catalogue.description')}
          required
          autosize
          minRows={3}
          maxRows={10}
          value={values.description}
          onChange={(event) => setValue('description', event.currentTarget.value)}
          error={errors.description}
        />
        <Radio.Group
          label={t('catalogue.status')}
          required
          value={values.status}
          onChange={(value) => setValue('status', value === '0' ? '0' : '1')}
          error={errors.status}
        >
          <Group mt="xs" gap="lg">
            <Radio value="1" label={t('catalogue.open')} />
            <Radio value="0" label={t('catalogue.closed')} />
          </Group>
        </Radio.Group>
        {actions}
      </Stack>
    </form>
  );
}
