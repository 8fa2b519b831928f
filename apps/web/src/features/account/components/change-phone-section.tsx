import '../account-strings.ts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  changePhoneRequestSchema,
  formatPhoneInternational,
  sendPhoneChangeCodeRequestSchema,
} from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneCodeFields, PhoneNumberFields } from '../../../components/phone-fields.tsx';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePhoneCountry } from '../../../lib/use-phone-country.ts';
import { useChangePhone, useSendPhoneChangeCode } from '../api/change-phone.ts';
import { AccountSection } from './account-section.tsx';

/** The code request the server accepted: the change repeats its number and brings back its challenge. */
interface SentCode {
  code: string;
  phone: string;
  challenge: string;
  /** Where the code went, in E.164. */
  sentTo: string;
  resendAt: number;
}

interface NumberValues extends Record<string, unknown> {
  code: string;
  phone: string;
}
interface CodeValues extends NumberValues {
  otp: string;
  challenge: string;
}

/**
 * Moving the account to a new number (docs/product.md#account-settings): the number, then the code texted
 * to it. Each step is a form checked by the contract's own schema for its request.
 */
export function ChangePhoneSection({ currentPhone }: { currentPhone: string | null }) {
  const { t } = useTranslation('account');
  const [sent, setSent] = useState<SentCode | null>(null);
  return (
    <AccountSection headingId="phone-heading" heading={t('phone.heading')} gap="md">
      <Text>
        {currentPhone
          ? t('phone.current', { phone: formatPhoneInternational(currentPhone) })
          : t('phone.noneYet')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('phone.explanation')}
      </Text>
      {sent ? (
        <CodeStep key={sent.challenge} sent={sent} onResent={setSent} onDone={() => setSent(null)} />
      ) : (
        <NumberStep onSent={setSent} />
      )}
    </AccountSection>
  );
}

/** Asks for a code; on resending, the same number again (the newest code is the one to type). */
function useCodeRequest(onSent: (sent: SentCode) => void) {
  const { t } = useTranslation('account');
  const sending = useSendPhoneChangeCode();
  /** `showErrors` puts the server's field messages on the form that asked, when there is one. */
  async function request(values: NumberValues, showErrors: (error: unknown) => boolean = () => false) {
    try {
      const answer = await sending.mutateAsync({ body: values });
      onSent({
        code: values.code,
        phone: values.phone,
        challenge: answer.challenge,
        sentTo: answer.phone,
        resendAt: Date.now() + answer.resend_after_seconds * 1000,
      });
      notifySuccess(t('phone.codeSent'));
    } catch (error) {
      if (showErrors(error) || endedTheSession(error)) return;
      notifyError(reasonOf(error, t('phone.sendFailed')));
    }
  }
  return { request, isPending: sending.isPending };
}

function NumberStep({ onSent }: { onSent: (sent: SentCode) => void }) {
  const { t } = useTranslation('account');
  const phoneCountry = usePhoneCountry();
  const form = useContractForm<NumberValues>(sendPhoneChangeCodeRequestSchema, {
    code: phoneCountry.dialCode,
    phone: '',
  });
  const codeRequest = useCodeRequest(onSent);

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        codeRequest.request(values, (error) => showServerErrors(form, error)),
      )}
      noValidate
    >
      <Stack gap="md">
        <PhoneNumberFields
          phoneCountry={phoneCountry}
          onDialCodeChange={(dialCode) => form.setFieldValue('code', dialCode)}
          labels={{
            country: t('phone.countryCode'),
            countryNotFound: t('phone.countryNotFound'),
            phone: t('phone.newNumber'),
          }}
          phoneInputProps={form.getInputProps('phone')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={codeRequest.isPending}>
            {t('phone.sendCode')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CodeStep({
  sent,
  onResent,
  onDone,
}: {
  sent: SentCode;
  onResent: (sent: SentCode) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('account');
  const form = useContractForm<CodeValues>(changePhoneRequestSchema, {
    code: sent.code,
    phone: sent.phone,
    otp: '',
    challenge: sent.challenge,
  });
  const changing = useChangePhone();
  const codeRequest = useCodeRequest(onResent);
  // The number and the challenge have no field of their own on this step: their messages (a number taken
  // by another account, a challenge that is no longer good) are shown above the code.
  const problem = form.errors.phone ?? form.errors.challenge;

  const submit = form.onSubmit(async (values) => {
    try {
      const { user } = await changing.mutateAsync({ body: values });
      notifySuccess(t('phone.changed', { phone: formatPhoneInternational(user.phone ?? sent.sentTo) }));
      onDone();
    } catch (error) {
      if (showServerErrors(form, error) || endedTheSession(error)) return;
      notifyError(reasonOf(error, t('phone.changeFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <PhoneCodeFields
          labels={{
            code: t('phone.code'),
            codeDescription: t('phone.codeDescription', { phone: formatPhoneInternational(sent.sentTo) }),
            changeNumber: t('phone.useDifferentNumber'),
            resend: t('phone.resendCode'),
            resendIn: (seconds) => t('phone.resendCodeIn', { seconds }),
            submit: t('phone.change'),
          }}
          codeInputProps={form.getInputProps('otp')}
          onChangeNumber={onDone}
          resendAt={sent.resendAt}
          onResend={() => void codeRequest.request({ code: sent.code, phone: sent.phone })}
          resending={codeRequest.isPending}
          submitting={changing.isPending}
        />
      </Stack>
    </form>
  );
}
