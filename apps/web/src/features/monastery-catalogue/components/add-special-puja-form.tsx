import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpecialPujaForm } from '../hooks/use-special-puja-form.ts';
import { SpecialPujaFields } from './special-puja-fields.tsx';

/** The Add Special Puja form (docs/product.md#staff-pujas): a puja only this monastery offers. */
export function AddSpecialPujaForm() {
  const { t } = useTranslation('staff');
  const editor = useSpecialPujaForm();
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <form onSubmit={editor.submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4" id={headingId}>
              {t('specialForm.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('specialForm.intro')}
            </Text>
          </div>
          <SpecialPujaFields editor={editor} />
          <Button type="submit" loading={editor.isSending}>
            {t('specialForm.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
