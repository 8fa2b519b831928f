import '../auth-strings.ts';
import { SegmentedControl, Stack } from '@mantine/core';
import type { LoginResponse } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adoptAccountLanguage } from '../../../lib/language-choice.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { signIn } from '../../../lib/session.ts';
import { PasswordLoginForm } from './password-login-form.tsx';
import { PhoneLoginForm } from './phone-login-form.tsx';

interface LoginFormProps {
  /** Called once the server has accepted the sign-in and the session is stored. */
  onSignedIn?: (session: LoginResponse) => void;
}

/** Both ways in: phone and SMS code for everyone (the default), e-mail and password for staff. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<'phone' | 'password'>('phone');

  function completeSignIn(session: LoginResponse) {
    signIn(session);
    void adoptAccountLanguage(session.user);
    notifySuccess(t('loggedIn'));
    onSignedIn?.(session);
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('method')}
        value={method}
        onChange={(value) => setMethod(value === 'password' ? 'password' : 'phone')}
        data={[
          { value: 'phone', label: t('phoneMethod') },
          { value: 'password', label: t('passwordMethod') },
        ]}
        fullWidth
      />
      {method === 'phone' ? (
        <PhoneLoginForm onLoggedIn={completeSignIn} />
      ) : (
        <PasswordLoginForm onLoggedIn={completeSignIn} />
      )}
    </Stack>
  );
}
