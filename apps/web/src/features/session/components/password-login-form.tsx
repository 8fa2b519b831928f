import '../auth-strings.ts';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginPasswordRequest, type LoginResponse, loginPasswordRequestSchema } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useLoginWithPassword } from '../api/login-with-password.ts';

interface PasswordLoginFormProps {
  onLoggedIn: (session: LoginResponse) => void;
}

/**
 * Sign-in with e-mail and password, for staff accounts given a password, checked with the contract's own
 * request schema before sending (docs/decisions/015).
 */
export function PasswordLoginForm({ onLoggedIn }: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const form = useContractForm<LoginPasswordRequest>(loginPasswordRequestSchema, { email: '', password: '' });
  const login = useLoginWithPassword();

  const submit = form.onSubmit((values) => {
    login.mutate(loginPasswordRequestSchema.parse(values), {
      onSuccess: onLoggedIn,
      // The toast says what the server said ('Wrong e-mail or password.').
      onError: (error) => {
        notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
        showServerErrors(form, error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="username"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={login.isPending}>
            {t('logIn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
