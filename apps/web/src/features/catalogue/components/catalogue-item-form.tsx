import { Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueTranslationFields } from '../../../components/catalogue-translation-fields.tsx';
import { ImageDropzone } from '../../../components/image-dropzone.tsx';
import { StaleVersionAlert } from '../../../components/stale-version-alert.tsx';
import type { CatalogueItemFormState } from '../hooks/use-catalogue-item-form.ts';

interface CatalogueItemFormProps {
  editor: CatalogueItemFormState;
  actions: ReactNode;
}

/**
 * A monastery's or puja's fields (docs/product.md#form-rules): name, image, description and status, all
 * required; the name and description in Nepali and Chinese, optional (docs/decisions/049).
 */
export function CatalogueItemForm({ editor, actions }: CatalogueItemFormProps) {
  const { t } = useTranslation('admin');
  const { form } = editor;

  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="md">
        <StaleVersionAlert stale={editor.stale} onReload={editor.reload} />
        <TextInput label={t('catalogue.name')} required maxLength={120} {...form.getInputProps('name')} />
        <ImageDropzone
          value={form.values.image}
          currentImagePath={editor.currentImagePath}
          error={form.errors.image}
          onChange={(file) => form.setFieldValue('image', file)}
          onReject={(message) => form.setFieldError('image', message)}
        />
        <Textarea
          label={t('catalogue.description')}
          required
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <CatalogueTranslationFields form={form} />
        <Radio.Group label={t('catalogue.status')} required {...form.getInputProps('status')}>
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
