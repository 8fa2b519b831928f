import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  formatPhoneInternational,
  type LoginResponse,
  otpSchema,
  sendOtpRequestSchema,
} from '@puja/contract';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useClientConfig } from '../api/get-client-config.ts';
import { useLoginWithPhone } from '../api/login-with-phone.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { useSecondsLeft } from '../hooks/use-seconds-left.ts';
import { defaultCountryCode, listCountryDialCodes } from '../utils/country-dial-codes.ts';
import flagClasses from './country-flag.module.css';
import { TurnstileWidget } from './turnstile-widget.tsx';

// Every country's flag is most of the form's weight: they load beside it, not before it.
const CountryFlag = lazy(() => import('./country-flag.tsx'));

/** A country's flag, or an empty frame of its size while the flags load. */
function DialCodeFlag({ code }: { code: string }) {
  return (
    <Suspense fallback={<span className={flagClasses.flag} aria-hidden="true" />}>
      <CountryFlag code={code} />
    </Suspense>
  );
}

interface PhoneLoginFormProps {
  /** Called with the server's answer once it has accepted the code. */
  onLoggedIn: (session: LoginResponse) => void;
}

function firstIssue(error: { issues: readonly { message: string }[] }): string | null {
  return error.issues[0]?.message ?? null;
}

/** The code request the server accepted: the log-in repeats its number and brings back its challenge. */
interface SentCode {
  code: string;
  phone: string;
  challenge: string;
  /** Where the server texted the code, in E.164. */
  sentTo: string;
}

/**
 * Sign-in by phone (docs/product.md#sign-in-with-phone, Login modal): the number, then the code the server sent by SMS. The number
 * (as people write it: spaces, brackets, dashes) and the code are checked with the contract's own rules
 * before anything is sent. "Resend code" counts down the wait the server announced and opens only when the
 * server will accept a new request.
 */
export function PhoneLoginForm({ onLoggedIn }: PhoneLoginFormProps) {
  const { t, i18n } = useTranslation('auth');
  const countries = useMemo(() => listCountryDialCodes(i18n.language), [i18n.language]);
  const [step, setStep] = useState<'phone' | 'otp'>('phone');
  const [countryCode, setCountryCode] = useState(() => defaultCountryCode(countries));
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  const [sent, setSent] = useState<SentCode | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendSecondsLeft = useSecondsLeft(resendAt);
  const sendOtp = useSendOtp();
  const login = useLoginWithPhone();
  const config = useClientConfig();

  // Without the config (it failed to load) the form goes on without the widget; a server that wants the
  // check then says so in its answer.
  const captchaSiteKey =
    config.data?.captcha.provider === 'turnstile' ? (config.data.captcha.site_key ?? null) : null;
  const dialCode = countries.find((country) => country.code === countryCode)?.dial_code ?? '';

  function requestCode(onSent: () => void) {
    const parsed = sendOtpRequestSchema.safeParse({ code: dialCode, phone });
    setPhoneError(parsed.success ? null : firstIssue(parsed.error));
    if (!parsed.success) return;
    if (captchaSiteKey && !captchaToken) {
      setCaptchaError(t('botCheckRequired'));
      return;
    }
    setCaptchaError(null);
    sendOtp.mutate(
      { code: parsed.data.code, phone: parsed.data.phone, captcha: captchaToken ?? undefined },
      {
        onSuccess: (answer, request) => {
          // Only the newest challenge is kept: the form asks for the code that was texted last.
          setSent({
            code: request.code,
            phone: request.phone,
            challenge: answer.challenge,
            sentTo: answer.phone,
          });
          setResendAt(Date.now() + answer.resend_after_seconds * 1000);
          notifySuccess(t('smsSent'));
          onSent();
        },
        onError: (error) => {
          notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
          if (error instanceof ApiError) {
            setPhoneError(error.errors.phone?.[0] ?? null);
            setCaptchaError(error.errors.captcha?.[0] ?? null);
          }
        },
        onSettled: () => {
          // A bot-check token is good for one request.
          if (captchaSiteKey) {
            setCaptchaToken(null);
            setCaptchaResets((count) => count + 1);
          }
        },
      },
    );
  }

  function submitPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    requestCode(() => {
      setOtp('');
      setOtpError(null);
      setStep('otp');
    });
  }

  function resendCode() {
    // With the bot check on, a new code needs a new check, which lives on the phone step.
    if (captchaSiteKey) setStep('phone');
    else requestCode(() => setOtp(''));
  }

  function submitOtp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = otpSchema.safeParse(otp);
    setOtpError(parsed.success ? null : firstIssue(parsed.error));
    if (!parsed.success || !sent) return;
    login.mutate(
      { code: sent.code, phone: sent.phone, otp: parsed.data, challenge: sent.challenge },
      {
        onSuccess: onLoggedIn,
        onError: (error) =>
          notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' })),
      },
    );
  }

  if (step === 'otp' && sent) {
    return (
      <form onSubmit={submitOtp} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('otp')}
            description={t('otpDescription', { phone: formatPhoneInternational(sent.sentTo) })}
            value={otp}
            onChange={(event) => setOtp(event.currentTarget.value)}
            error={otpError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-autofocus
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Button variant="subtle" px="xs" onClick={() => setStep('phone')}>
                {t('changeNumber')}
              </Button>
              <Button
                variant="subtle"
                px="xs"
                onClick={resendCode}
                loading={sendOtp.isPending}
                disabled={resendSecondsLeft > 0}
              >
                {resendSecondsLeft > 0 ? t('resendCodeIn', { seconds: resendSecondsLeft }) : t('resendCode')}
              </Button>
            </Group>
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
              label: `${country.dial_code} ${country.name}`,
            }))}
            // The flag is an image beside the text, never an emoji in it: the dial code and the country's
            // name are what is searched and read out.
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <DialCodeFlag code={option.value} />
                <span>{option.label}</span>
              </Group>
            )}
            leftSection={<DialCodeFlag code={countryCode} />}
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
            // The phone keypad, which has the spaces, brackets and dashes people write numbers with.
            inputMode="tel"
            autoComplete="tel-national"
            required
            flex={1}
            miw={180}
            data-autofocus
          />
        </Group>
        {captchaSiteKey && (
          <TurnstileWidget
            siteKey={captchaSiteKey}
            onToken={(token) => {
              setCaptchaToken(token);
              if (token) setCaptchaError(null);
            }}
            resetKey={captchaResets}
            error={captchaError}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={sendOtp.isPending}>
            {t('sendOtp')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
