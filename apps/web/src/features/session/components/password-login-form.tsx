import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginResponse, loginPasswordRequestSchema } from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useLoginWithPassword } from '../api/login-with-password.ts';

interface PasswordLoginFormProps {
  onLoggedIn: (session: LoginResponse) => void;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Sign-in with e-mail and password, for staff accounts given a password (`POST /api/login`). */
export function PasswordLoginForm({ onLoggedIn }: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLoginWithPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginPasswordRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: onLoggedIn,
      onError: (error) =>
        notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' })),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          autoComplete="username"
          required
          data-autofocus
        />
        <PasswordInput
          label={t('password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          autoComplete="current-password"
          required
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
