import { Alert, Radio, Stack, Text } from '@mantine/core';
import { REMINDER_CHANNELS, type ReminderChannel } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useUpdateReminders } from '../api/reminders.ts';
import { AccountSection } from './account-section.tsx';

/** The browser's own time zone (IANA), which the reminder also writes the puja's time in. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * How the patron is reminded the day before their puja (docs/decisions/038): SMS, e-mail or none, saved at
 * once with the browser's time zone, so the reminder gives the puja's time in theirs beside Nepal's.
 */
export function RemindersSection() {
  const { t } = useTranslation('account');
  const session = useSession();
  const update = useUpdateReminders();
  const zone = browserTimeZone();
  const value = update.isPending
    ? update.variables.body.reminder_channel
    : (session.reminder_channel ?? 'sms');
  return (
    <AccountSection headingId="reminders-heading" heading={t('reminders.heading')}>
      <Radio.Group
        label={t('reminders.label')}
        value={value}
        onChange={(chosen) =>
          update.mutate(
            {
              body: {
                reminder_channel: chosen as ReminderChannel,
                ...(zone ? { time_zone: zone } : {}),
              },
            },
            { onSuccess: () => notifySuccess(t('reminders.saved')) },
          )
        }
      >
        <Stack gap="xs" mt="xs">
          {REMINDER_CHANNELS.map((channel) => (
            <Radio
              key={channel}
              value={channel}
              label={t(`reminders.${channel}`)}
              disabled={update.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {t('reminders.explanation', { zone: session.time_zone ?? zone ?? 'UTC' })}
      </Text>
      {update.error && (
        <Alert color="red" variant="light" role="alert">
          {update.error instanceof ApiError ? update.error.message : t('reminders.failed')}
        </Alert>
      )}
    </AccountSection>
  );
}
