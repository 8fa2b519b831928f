import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  changePhoneRequestSchema,
  formatPhoneInternational,
  sendPhoneChangeCodeRequestSchema,
} from '@puja/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryCodeSelect } from '../../../components/country-code-select.tsx';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { defaultCountryCode, dialCodeOf, listCountryDialCodes } from '../../../lib/country-dial-codes.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useChangePhone, useSendPhoneChangeCode } from '../api/change-phone.ts';

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
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="phone-heading">
      <Stack gap="md">
        <Title order={2} fz="h3" id="phone-heading">
          {t('phone.heading')}
        </Title>
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
      </Stack>
    </Card>
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
  const { t, i18n } = useTranslation('account');
  const countries = useMemo(() => listCountryDialCodes(i18n.language), [i18n.language]);
  const [country, setCountry] = useState(() => defaultCountryCode(countries));
  const form = useContractForm<NumberValues>(sendPhoneChangeCodeRequestSchema, {
    code: dialCodeOf(countries, country),
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
        <Group align="flex-start" gap="sm" wrap="wrap">
          <CountryCodeSelect
            countries={countries}
            label={t('phone.countryCode')}
            nothingFoundMessage={t('phone.countryNotFound')}
            value={country}
            onChange={(chosen) => {
              setCountry(chosen.code);
              form.setFieldValue('code', chosen.dial_code);
            }}
          />
          <TextInput
            label={t('phone.newNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            flex={1}
            miw={180}
            {...form.getInputProps('phone')}
          />
        </Group>
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
  const resendSecondsLeft = useSecondsLeft(sent.resendAt);
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
        <TextInput
          label={t('phone.code')}
          description={t('phone.codeDescription', { phone: formatPhoneInternational(sent.sentTo) })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-autofocus
          {...form.getInputProps('otp')}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Button variant="subtle" px="xs" onClick={onDone}>
              {t('phone.useDifferentNumber')}
            </Button>
            <Button
              variant="subtle"
              px="xs"
              onClick={() => void codeRequest.request({ code: sent.code, phone: sent.phone })}
              loading={codeRequest.isPending}
              disabled={resendSecondsLeft > 0}
            >
              {resendSecondsLeft > 0
                ? t('phone.resendCodeIn', { seconds: resendSecondsLeft })
                : t('phone.resendCode')}
            </Button>
          </Group>
          <Button type="submit" loading={changing.isPending}>
            {t('phone.change')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
