import '../account-strings.ts';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserDetailsForm } from '../hooks/use-user-details-form.ts';

/** The full name and e-mail fields, each with its message beside it, where a page shows them together. */
export function UserDetailsFields({ form }: { form: UserDetailsForm }) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextInput label={t('fullName')} {...form.getInputProps('name')} autoComplete="name" required />
      <TextInput
        label={t('email')}
        type="email"
        {...form.getInputProps('email')}
        autoComplete="email"
        required
      />
    </>
  );
}
