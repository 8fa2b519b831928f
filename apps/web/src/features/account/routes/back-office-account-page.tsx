import '../account-strings.ts';
import '../../../lib/admin-strings.ts';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import {
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  updateUserDetailsRequestSchema,
} from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type SessionState, useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateUserDetails } from '../api/update-user-details.ts';
import { StaffNoticesSection } from '../components/staff-notices-section.tsx';
import { UserDetailsFields } from '../components/user-details-fields.tsx';
import { useUserDetailsForm } from '../hooks/use-user-details-form.ts';

/*
 * `/admin/account` and `/monastery/account` (docs/product.md#own-details-for-staff-and-administrators): a
 * staff member's or administrator's own name and e-mail, and their password. One page for both back
 * offices; its strings are in the admin bundle, which is lazy like the page.
 */
export function BackOfficeAccountPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('ownAccount.title'));
  const session = useSession();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('ownAccount.title')}</Title>
      {/* A fresh form once the session's user is known (a stored token alone waits for `GET /api/me`). */}
      <OwnDetailsForm key={session.user_id ?? 'unknown'} session={session} />
      {session.role === 'monastery' && <StaffNoticesSection />}
      <OwnPasswordForm />
    </Stack>
  );
}

function OwnDetailsForm({ session }: { session: SessionState }) {
  const { t } = useTranslation('admin');
  const form = useUserDetailsForm(session);
  const update = useUpdateUserDetails();

  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(updateUserDetailsRequestSchema.parse(values), {
      onSuccess: () => notifySuccess(t('ownAccount.detailsUpdated')),
      onError: (error) => {
        // A field's own message ('Email already exists') is said beside it; anything else in a toast.
        if (showServerErrors(form, error) || endedTheSession(error)) return;
        notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
          title: t('ownAccount.detailsFailed'),
        });
      },
    });
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="own-details-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="own-details-title">
            {t('ownAccount.detailsTitle')}
          </Title>
          <UserDetailsFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('ownAccount.saveDetails')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const EMPTY_PASSWORD_FORM: ChangePasswordRequest = { current_password: '', password: '', cpassword: '' };

function OwnPasswordForm() {
  const { t } = useTranslation('admin');
  const form = useContractForm<ChangePasswordRequest>(changePasswordRequestSchema, EMPTY_PASSWORD_FORM);
  const change = useChangePassword();
  // Said on the page as well as in a toast: the person may look for it after the toast has gone.
  const [changed, setChanged] = useState(false);

  const submit = form.onSubmit((values) => {
    if (change.isPending) return;
    setChanged(false);
    const body = changePasswordRequestSchema.parse(values);
    change.mutate(
      // An account without a password yet (made with create-admin) sends no current one.
      { body: body.current_password ? body : { password: body.password, cpassword: body.cpassword } },
      {
        onSuccess: () => {
          form.reset();
          setChanged(true);
          notifySuccess(t('ownAccount.passwordChanged'));
        },
        onError: (error) => {
          showServerErrors(form, error);
          if (!endedTheSession(error)) {
            notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
              title: t('ownAccount.passwordFailed'),
            });
          }
        },
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="own-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h3" id="own-password-title">
              {t('ownAccount.passwordTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('ownAccount.passwordIntro')}
            </Text>
          </div>
          {changed && (
            <Alert color="green" variant="light" role="status">
              {t('ownAccount.passwordChanged')}
            </Alert>
          )}
          <PasswordInput
            label={t('ownAccount.currentPassword')}
            description={t('ownAccount.currentPasswordHint')}
            {...form.getInputProps('current_password')}
            autoComplete="current-password"
          />
          <PasswordInput
            label={t('ownAccount.newPassword')}
            {...form.getInputProps('password')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={t('ownAccount.confirmPassword')}
            {...form.getInputProps('cpassword')}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('ownAccount.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
