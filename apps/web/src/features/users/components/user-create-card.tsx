import { Button, Group, Paper, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserForm } from '../hooks/use-user-form.ts';
import { type MonasteryOption, UserForm } from './user-form.tsx';

interface UserCreateCardProps {
  monasteries: readonly MonasteryOption[];
  monasteriesLoading: boolean;
}

/** The Create User form beside the users table (docs/product.md#admin-users). */
export function UserCreateCard({ monasteries, monasteriesLoading }: UserCreateCardProps) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const editor = useUserForm();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="md">
        {t('users.createTitle')}
      </Title>
      <UserForm
        editor={editor}
        monasteries={monasteries}
        monasteriesLoading={monasteriesLoading}
        actions={
          <Group justify="flex-end">
            <Button type="submit" loading={editor.isSaving}>
              {t('users.create')}
            </Button>
          </Group>
        }
      />
    </Paper>
  );
}
