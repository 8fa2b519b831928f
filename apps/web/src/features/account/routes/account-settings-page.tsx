import '../account-strings.ts';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { updateUserDetailsRequestSchema } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors } from '../../../lib/contract-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { type SessionState, useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUpdateUserDetails } from '../api/update-user-details.ts';
import { ChangePhoneSection } from '../components/change-phone-section.tsx';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { EmailNoticesSection } from '../components/email-notices-section.tsx';
import { RemindersSection } from '../components/reminders-section.tsx';
import { UserDetailsFields } from '../components/user-details-fields.tsx';
import { useUserDetailsForm } from '../hooks/use-user-details-form.ts';

/**
 * `/account-settings` (docs/product.md#account-settings): the patron's full name and e-mail, whether order
 * notices also come by e-mail, how they are reminded of a puja, their phone number, and deleting the account.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('accountSettings.title'));
  const session = useSession();
  return (
    <Stack gap="lg" maw={560} mx="auto">
      {/* A fresh form once the session's user is known (a stored token alone waits for `GET /api/me`). */}
      <AccountSettingsForm key={session.user_id ?? 'unknown'} session={session} />
      <EmailNoticesSection />
      <RemindersSection />
      <ChangePhoneSection currentPhone={session.phone} />
      <DeleteAccountSection />
    </Stack>
  );
}

function AccountSettingsForm({ session }: { session: SessionState }) {
  const { t } = useTranslation('account');
  const form = useUserDetailsForm(session);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateUserDetails();

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      update.mutate(updateUserDetailsRequestSchema.parse(values), {
        onSuccess: () => notifySuccess(t('accountSettings.updated')),
        // docs/product.md#notifications: a failure shows no toast; the form says what is wrong where it is wrong.
        onError: (error) => {
          if (showServerErrors(form, error)) return;
          setFailure(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
        },
      });
    },
    () => setFailure(null),
  );

  return (
    <Card withBorder radius="md" padding="xl" component="section">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} fz="h2">
            {t('accountSettings.title')}
          </Title>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <UserDetailsFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('accountSettings.update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
