import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserFormState } from '../hooks/use-user-form.ts';
import { isAssignableRole } from '../utils/user-form.ts';

export interface MonasteryOption {
  value: string;
  label: string;
}

interface UserFormProps {
  form: UserFormState;
  monasteries: readonly MonasteryOption[];
  monasteriesLoading: boolean;
  actions: ReactNode;
}

/**
 * SPEC §5's user form: name, e-mail, phone, role (user or monastery), the monastery only for staff, and
 * the password pair (required on create; on edit only to replace the password).
 */
export function UserForm({ form, monasteries, monasteriesLoading, actions }: UserFormProps) {
  const { t } = useTranslation('admin');
  const { values, setValue, errors } = form;
  const creating = form.mode === 'create';

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('users.fullName')}
          required
          autoComplete="off"
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label={t('users.email')}
          type="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={(event) => setValue('email', event.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label={t('users.phone')}
          description={t('users.phoneHint')}
          type="tel"
          inputMode="tel"
          required
          autoComplete="off"
          value={values.phone}
          onChange={(event) => setValue('phone', event.currentTarget.value)}
          error={errors.phone}
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
          value={values.role || null}
          onChange={(value) => setValue('role', isAssignableRole(value) ? value : '')}
          error={errors.role}
        />
        {values.role === 'monastery' && (
          <Select
            label={t('users.monastery')}
            placeholder={t('users.monasteryPlaceholder')}
            nothingFoundMessage={t('users.monasteryNotFound')}
            required
            searchable
            disabled={monasteriesLoading}
            data={monasteries as MonasteryOption[]}
            value={values.monastery || null}
            onChange={(value) => setValue('monastery', value ?? '')}
            error={errors.monastery}
          />
        )}
        <PasswordInput
          label={t('users.password')}
          description={
            creating ? t('users.passwordHint', { count: MIN_PASSWORD_LENGTH }) : t('users.passwordEditHint')
          }
          required={creating}
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => setValue('password', event.currentTarget.value)}
          error={errors.password}
        />
        <PasswordInput
          label={t('users.cpassword')}
          required={creating}
          autoComplete="new-password"
          value={values.cpassword}
          onChange={(event) => setValue('cpassword', event.currentTarget.value)}
          error={errors.cpassword}
        />
        {actions}
      </Stack>
    </form>
  );
}
