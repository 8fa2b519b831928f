import { Alert, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useUpdateEmailNotices } from '../api/email-notices.ts';
import { AccountSection } from './account-section.tsx';

/**
 * Whether order notices also come by e-mail (docs/product.md#account-settings, docs/decisions/019): a switch
 * saved at once. SMS always come; e-mail needs an address, which the details above set.
 */
export function EmailNoticesSection() {
  const { t } = useTranslation('account');
  const session = useSession();
  const update = useUpdateEmailNotices();
  // While a change is on its way, the switch shows what was asked for; unknown is the server's default, on.
  const checked = update.isPending ? update.variables.body.email_notices : (session.email_notices ?? true);
  return (
    <AccountSection headingId="email-notices-heading" heading={t('emailNotices.heading')}>
      <Switch
        label={t('emailNotices.label')}
        description={
          session.email ? t('emailNotices.to', { email: session.email }) : t('emailNotices.noAddress')
        }
        checked={checked}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { body: { email_notices: event.currentTarget.checked } },
            {
              onSuccess: ({ user: saved }) =>
                notifySuccess(saved.email_notices ? t('emailNotices.turnedOn') : t('emailNotices.turnedOff')),
            },
          )
        }
      />
      <Text size="sm" c="dimmed">
        {t('emailNotices.explanation')}
      </Text>
      {update.error && (
        <Alert color="red" variant="light" role="alert">
          {update.error instanceof ApiError ? update.error.message : t('emailNotices.failed')}
        </Alert>
      )}
    </AccountSection>
  );
}
