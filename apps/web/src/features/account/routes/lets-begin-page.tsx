import '../account-strings.ts';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { updateUserDetailsRequestSchema } from '@puja/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors } from '../../../lib/contract-form.ts';
import { safeRedirectTarget } from '../../../lib/redirect-target.ts';
import { ROLE_HOME_PATHS } from '../../../lib/role-areas.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUpdateUserDetails } from '../api/update-user-details.ts';
import { useUserDetailsForm } from '../hooks/use-user-details-form.ts';
import {
  forgetOnboardingDraft,
  readOnboardingDraft,
  saveOnboardingDraft,
} from '../utils/onboarding-draft.ts';

/**
 * `/lets-begin` (docs/product.md#onboarding): a new patron's name, on one screen with nothing to wait for,
 * and an e-mail address they may leave out (docs/decisions/029). What they type is kept in this tab
 * (a reload keeps it); saving refreshes the session and goes on to the page they came from. (A patron
 * who pressed Make Puja before signing up gives the name in that order form instead.)
 */
export function LetsBeginPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('letsBegin.title'));
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect'));
  const form = useUserDetailsForm(session);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateUserDetails();

  // A draft from before a reload comes back once; from then on every change is kept.
  const { setValues } = form;
  useEffect(() => {
    const draft = readOnboardingDraft(session.user_id);
    if (draft) setValues(draft);
  }, [session.user_id, setValues]);
  useEffect(() => {
    saveOnboardingDraft(session.user_id, { name: form.values.name, email: form.values.email ?? '' });
  }, [session.user_id, form.values]);

  // The one field the page asks for takes the focus, as the greeting asks for it.
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(updateUserDetailsRequestSchema.parse(values), {
      onSuccess: () => {
        forgetOnboardingDraft();
        void navigate(target ?? ROLE_HOME_PATHS.user, { replace: true });
      },
      onError: (error) => {
        if (showServerErrors(form, error)) return;
        setFailure(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
      },
    });
  });

  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Title order={1}>{t('letsBegin.title')}</Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="lg">{t('letsBegin.greeting')}</Text>
          <TextInput
            label={t('fullName')}
            {...form.getInputProps('name')}
            autoComplete="name"
            required
            ref={nameInput}
          />
          <TextInput
            label={t('letsBegin.emailOptional')}
            description={t('letsBegin.emailHelp')}
            type="email"
            {...form.getInputProps('email')}
            autoComplete="email"
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={update.isPending}>
              {t('letsBegin.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
