import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { type LoginResponse, otpSchema, sendOtpRequestSchema } from '@puja/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { saveToken } from '../../../lib/auth-token.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useLoginWithPhone } from '../api/login-with-phone.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { defaultCountryCode, listCountryDialCodes } from '../utils/country-dial-codes.ts';

interface LoginFormProps {
  /** Called once the server has accepted the code and the token is stored. */
  onSignedIn: (session: LoginResponse) => void;
}

/**
 * Sign-in by phone (SPEC §2, Login modal): the number, then the code the server sent by SMS. The number
 * and the code are checked with the contract's own rules before anything is sent.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t, i18n } = useTranslation('auth');
  const countries = useMemo(() => listCountryDialCodes(i18n.language), [i18n.language]);
  const [step, setStep] = useState<'phone' | 'otp'>('phone');
  const [countryCode, setCountryCode] = useState(() => defaultCountryCode(countries));
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const sendOtp = useSendOtp();
  const login = useLoginWithPhone();

  const dialCode = countries.find((country) => country.code === countryCode)?.dial_code ?? '';

  function showFailure(error: unknown) {
    notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
  }

  function submitPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = sendOtpRequestSchema.safeParse({ code: dialCode, phone });
    setPhoneError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    sendOtp.mutate(
      { code: parsed.data.code, phone: parsed.data.phone },
      {
        onSuccess: () => {
          notifySuccess(t('smsSent'));
          setStep('otp');
        },
        onError: showFailure,
      },
    );
  }

  function submitOtp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = otpSchema.safeParse(otp);
    setOtpError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    login.mutate(
      { code: dialCode, phone: phone.trim(), otp: parsed.data },
      {
        onSuccess: (session) => {
          saveToken(session.token);
          notifySuccess(t('loggedIn'));
          onSignedIn(session);
        },
        onError: showFailure,
      },
    );
  }

  if (step === 'otp') {
    return (
      <form onSubmit={submitOtp} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('otp')}
            description={t('otpDescription', { phone: `${dialCode} ${phone.trim()}` })}
            value={otp}
            onChange={(event) => setOtp(event.currentTarget.value)}
            error={otpError}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            data-autofocus
          />
          <Group justify="space-between" wrap="wrap">
            <Button variant="subtle" onClick={() => setStep('phone')}>
              {t('changeNumber')}
            </Button>
            <Button type="submit" loading={login.isPending}>
              {t('logIn')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitPhone} noValidate>
      <Stack gap="md">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('countryCode')}
            data={countries.map((country) => ({
              value: country.code,
              label: `${country.emoji} ${country.dial_code} ${country.name}`,
            }))}
            value={countryCode}
            onChange={(value) => value && setCountryCode(value)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('countryNotFound')}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            label={t('phone')}
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={phoneError}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            flex={1}
            miw={180}
            data-autofocus
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={sendOtp.isPending}>
            {t('sendOtp')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
