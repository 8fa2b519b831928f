import '../auth-strings.ts';
import { Button, Group, Stack } from '@mantine/core';
import {
  formatPhoneInternational,
  type LoginResponse,
  loginPhoneRequestSchema,
  sendOtpRequestSchema,
} from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneCodeFields, PhoneNumberFields } from '../../../components/phone-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePhoneCountry } from '../../../lib/use-phone-country.ts';
import { useClientConfig } from '../api/get-client-config.ts';
import { useLoginWithPhone } from '../api/login-with-phone.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { TurnstileWidget } from './turnstile-widget.tsx';

interface PhoneLoginFormProps {
  /** Called with the server's answer once it has accepted the code. */
  onLoggedIn: (session: LoginResponse) => void;
}

/** The code request the server accepted: the log-in repeats its number and brings back its challenge. */
interface SentCode {
  code: string;
  phone: string;
  challenge: string;
  /** Where the server texted the code, in E.164. */
  sentTo: string;
}

interface PhoneValues extends Record<string, unknown> {
  code: string;
  phone: string;
  /** The bot check's token, when the server asks for one (good for one request). */
  captcha: string;
}

interface CodeValues extends Record<string, unknown> {
  otp: string;
}

/** A sign-in's toast says what the server said: 'OTP does not match', 'Too many requests…'. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Sign-in by phone (the Login modal, docs/product.md#sign-in-with-phone): the number, then the code the
 * server sent by SMS. The number (as people write it: spaces, brackets, dashes) and the code are checked
 * with the contract's own request schemas before anything is sent (docs/decisions/015). "Resend code"
 * counts down the wait the server announced and opens only when the server will accept a new request.
 */
export function PhoneLoginForm({ onLoggedIn }: PhoneLoginFormProps) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<'phone' | 'otp'>('phone');
  const phoneCountry = usePhoneCountry();
  const [captchaResets, setCaptchaResets] = useState(0);
  const [sent, setSent] = useState<SentCode | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const sendOtp = useSendOtp();
  const login = useLoginWithPhone();
  const config = useClientConfig();
  const unexpected = t('errors.unexpected', { ns: 'common' });

  // Without the config (it failed to load) the form goes on without the widget; a server that wants the
  // check then says so in its answer.
  const captchaSiteKey =
    config.data?.captcha.provider === 'turnstile' ? (config.data.captcha.site_key ?? null) : null;

  const phoneForm = useContractForm<PhoneValues>(
    sendOtpRequestSchema,
    { code: phoneCountry.dialCode, phone: '', captcha: '' },
    {
      // The bot check is asked for once the number itself is right.
      refine: (values, errors) =>
        captchaSiteKey && !values.captcha && Object.keys(errors).length === 0
          ? { ...errors, captcha: t('botCheckRequired') }
          : errors,
    },
  );
  const codeForm = useContractForm<CodeValues>(
    loginPhoneRequestSchema,
    { otp: '' },
    // The number and the challenge are those of the code request the server accepted.
    { request: (values) => ({ ...sent, otp: values.otp }) },
  );

  function requestCode(values: PhoneValues, onSent: () => void) {
    const request = sendOtpRequestSchema.parse(values);
    sendOtp.mutate(
      { code: request.code, phone: request.phone, captcha: request.captcha || undefined },
      {
        onSuccess: (answer, asked) => {
          // Only the newest challenge is kept: the form asks for the code that was texted last.
          setSent({
            code: asked.code,
            phone: asked.phone,
            challenge: answer.challenge,
            sentTo: answer.phone,
          });
          setResendAt(Date.now() + answer.resend_after_seconds * 1000);
          notifySuccess(t('smsSent'));
          onSent();
        },
        onError: (error) => {
          notifyError(messageOf(error, unexpected));
          showServerErrors(phoneForm, error);
        },
        onSettled: () => {
          // A bot-check token is good for one request.
          if (captchaSiteKey) {
            phoneForm.setFieldValue('captcha', '');
            setCaptchaResets((count) => count + 1);
          }
        },
      },
    );
  }

  const submitPhone = phoneForm.onSubmit((values) =>
    requestCode(values, () => {
      codeForm.reset();
      setStep('otp');
    }),
  );

  function resendCode() {
    // With the bot check on, a new code needs a new check, which lives on the phone step.
    if (captchaSiteKey) setStep('phone');
    else requestCode(phoneForm.getValues(), () => codeForm.setFieldValue('otp', ''));
  }

  const submitOtp = codeForm.onSubmit((values) => {
    if (!sent) return;
    const request = loginPhoneRequestSchema.parse({ ...sent, otp: values.otp });
    login.mutate(
      { code: request.code, phone: request.phone, otp: request.otp, challenge: request.challenge },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          // A wrong code, the code's last try, a throttle: all said on the code field itself (Mantine
          // ties the message to it with aria-describedby), where the eye is, and it stays until the
          // code is changed; a toast in the corner, behind the dialog, went unseen (issue 29).
          if (!showServerErrors(codeForm, error)) codeForm.setFieldError('otp', reasonOf(error, unexpected));
        },
      },
    );
  });

  if (step === 'otp' && sent) {
    return (
      <form onSubmit={submitOtp} noValidate>
        <Stack gap="md">
          <PhoneCodeFields
            labels={{
              code: t('otp'),
              codeDescription: t('otpDescription', { phone: formatPhoneInternational(sent.sentTo) }),
              changeNumber: t('changeNumber'),
              resend: t('resendCode'),
              resendIn: (seconds) => t('resendCodeIn', { seconds }),
              submit: t('logIn'),
            }}
            codeInputProps={codeForm.getInputProps('otp')}
            onChangeNumber={() => setStep('phone')}
            resendAt={resendAt}
            onResend={resendCode}
            resending={sendOtp.isPending}
            submitting={login.isPending}
            onComplete={() => submitOtp()}
          />
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitPhone} noValidate>
      <Stack gap="md">
        <PhoneNumberFields
          phoneCountry={phoneCountry}
          onDialCodeChange={(dialCode) => phoneForm.setFieldValue('code', dialCode)}
          labels={{ country: t('countryCode'), countryNotFound: t('countryNotFound'), phone: t('phone') }}
          phoneInputProps={phoneForm.getInputProps('phone')}
          autoFocus
        />
        {captchaSiteKey && (
          <TurnstileWidget
            siteKey={captchaSiteKey}
            // A new token drops the field's message; an expired one (null) leaves it.
            onToken={(token) => phoneForm.setFieldValue('captcha', token ?? '')}
            resetKey={captchaResets}
            error={phoneForm.errors.captcha}
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
