import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from '../../../components/stale-version-alert.tsx';
import type { UserFormState } from '../hooks/use-user-form.ts';
import { isAssignableRole } from '../utils/user-form.ts';

export interface MonasteryOption {
  value: string;
  label: string;
}

interface UserFormProps {
  editor: UserFormState;
  monasteries: readonly MonasteryOption[];
  monasteriesLoading: boolean;
  actions: ReactNode;
}

/**
 * The user form (docs/product.md#form-rules): name, e-mail, phone, role (user or monastery), the monastery only for staff, and
 * the password pair (required on create; on edit only to replace the password).
 */
export function UserForm({ editor, monasteries, monasteriesLoading, actions }: UserFormProps) {
  const { t } = useTranslation('admin');
  const { form } = editor;
  const creating = editor.mode === 'create';

  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="md">
        <StaleVersionAlert stale={editor.stale} onReload={editor.reload} />
        <TextInput label={t('users.fullName')} required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label={t('users.email')}
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('users.phone')}
          description={t('users.phoneHint')}
          type="tel"
          inputMode="tel"
          required
          autoComplete="off"
          {...form.getInputProps('phone')}
        />
        <Select
          label={t('users.role')}
          placeholder={t('users.rolePlaceholder')}
          required
          allowDeselect={false}
          data={[
            { value: 'user', label: t('users.roles.user') },
            { value: 'monastery', label: t('users.roles.monastery') },
          ]}
          value={form.values.role || null}
          onChange={(value) => editor.chooseRole(isAssignableRole(value) ? value : '')}
          error={form.errors.role}
        />
        {form.values.role === 'monastery' && (
          <Select
            label={t('users.monastery')}
            placeholder={t('users.monasteryPlaceholder')}
            nothingFoundMessage={t('users.monasteryNotFound')}
            required
            searchable
            disabled={monasteriesLoading}
            data={monasteries as MonasteryOption[]}
            value={form.values.monastery || null}
            onChange={(value) => form.setFieldValue('monastery', value ?? '')}
            error={form.errors.monastery}
          />
        )}
        <PasswordInput
          label={t('users.password')}
          description={
            creating ? t('users.passwordHint', { count: MIN_PASSWORD_LENGTH }) : t('users.passwordEditHint')
          }
          required={creating}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('users.cpassword')}
          required={creating}
          autoComplete="new-password"
          {...form.getInputProps('cpassword')}
        />
        {actions}
      </Stack>
    </form>
  );
}
