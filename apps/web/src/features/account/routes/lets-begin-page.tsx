import '../account-strings.ts';
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { fullNameSchema, updateUserDetailsRequestSchema } from '@puja/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors } from '../../../lib/contract-form.ts';
import { notifyWarning } from '../../../lib/notify.ts';
import { safeRedirectTarget } from '../../../lib/redirect-target.ts';
import { ROLE_HOME_PATHS } from '../../../lib/role-areas.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUpdateUserDetails } from '../api/update-user-details.ts';
import { TypedMessage } from '../components/typed-message.tsx';
import { useTypedText } from '../hooks/use-typed-text.ts';
import { useUserDetailsForm } from '../hooks/use-user-details-form.ts';

/** docs/product.md#fixed-values-and-formats: the thank-you starts typing 300 ms after the name is accepted. */
export const SECOND_MESSAGE_DELAY_MS = 300;

/** The form is a conversation, not a submit-on-Enter form (docs/product.md#onboarding): Enter in a field does nothing. */
function blockEnterInFields(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * `/lets-begin` (docs/product.md#onboarding): a new patron's first steps, as a typed-out conversation: their full name,
 * then their e-mail. Saving refreshes the session and continues to the page they were going to.
 */
export function LetsBeginPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('letsBegin.title'));
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The name's message is a warning toast, not a field message: the name field keeps its place in the
  // conversation (docs/product.md#onboarding).
  const form = useUserDetailsForm(session);
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<'name' | 'pause' | 'email'>('name');
  const [firstName, setFirstName] = useState('');
  const update = useUpdateUserDetails();

  const greetingText = t('letsBegin.greeting');
  const thanksText = t('letsBegin.thanks', { firstName });
  const greeting = useTypedText(greetingText);
  const thanks = useTypedText(thanksText, step === 'email');

  // Each field takes the focus when its question has been asked.
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (greeting.done) nameInput.current?.focus();
  }, [greeting.done]);
  useEffect(() => {
    if (thanks.done) emailInput.current?.focus();
  }, [thanks.done]);

  useEffect(() => {
    if (step !== 'pause') return;
    const timer = window.setTimeout(() => setStep('email'), SECOND_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  function warnFullName(message: string) {
    notifyWarning(message, { id: 'full-name' });
  }

  function continueWithName() {
    const parsed = fullNameSchema.safeParse(form.getValues().name);
    if (!parsed.success) {
      warnFullName(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setFirstName(parsed.data.split(/\s+/, 1)[0] ?? parsed.data);
    if (step === 'name') setStep('pause');
  }

  const beginJourney = form.onSubmit(
    (values) => {
      setFailure(null);
      update.mutate(updateUserDetailsRequestSchema.parse(values), {
        onSuccess: () => {
          const target = safeRedirectTarget(searchParams.get('redirect'));
          void navigate(target ?? ROLE_HOME_PATHS.user, { replace: true });
        },
        onError: (error) => {
          const nameMessage = error instanceof ApiError ? error.errors.name?.[0] : undefined;
          if (nameMessage) warnFullName(nameMessage);
          if (showServerErrors(form, error)) return;
          setFailure(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
        },
      });
    },
    (errors) => {
      setFailure(null);
      if (errors.name) warnFullName(String(errors.name));
    },
  );

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1}>{t('letsBegin.title')}</Title>
      <form onSubmit={(event) => event.preventDefault()} onKeyDown={blockEnterInFields} noValidate>
        <Stack gap="lg">
          <TypedMessage text={greetingText} shown={greeting.shown} />
          {greeting.done && (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('fullName')}
                {...form.getInputProps('name', { withError: false })}
                autoComplete="name"
                required
                flex={1}
                miw={220}
                ref={nameInput}
              />
              {step === 'name' && (
                <Button type="button" onClick={continueWithName}>
                  {t('letsBegin.continue')}
                </Button>
              )}
            </Group>
          )}
          {step === 'email' && <TypedMessage text={thanksText} shown={thanks.shown} />}
          {step === 'email' && thanks.done && (
            <>
              <TextInput
                label={t('email')}
                type="email"
                {...form.getInputProps('email')}
                autoComplete="email"
                required
                ref={emailInput}
              />
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="button" onClick={() => beginJourney()} loading={update.isPending}>
                  {t('letsBegin.beginJourney')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
