import { Button } from '@mantine/core';
import type { Order } from '@puja/contract';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadCalendarEvent } from '../api/download-calendar-event.ts';

/** The statuses of a puja that will still happen (or did): the others have no event to add. */
const WITH_A_PUJA: readonly Order['status'][] = ['pending', 'approved', 'completed'];

/**
 * Saves the puja as a calendar event (`.ics`): all day on the Nepal date, or at the time the monastery
 * set, which the patron's calendar shows in their own time (docs/decisions/020).
 */
export function AddToCalendarButton({ order }: { order: Order }) {
  const { t } = useTranslation('prices');
  const download = useDownloadCalendarEvent();
  if (!WITH_A_PUJA.includes(order.status)) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(order, {
          onError: (error) => {
            // A 401 has already said 'Session Expired'.
            if (error instanceof ApiError && error.status === 401) return;
            const reason =
              error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' });
            notifyError(reason, { title: t('day.addToCalendarFailed'), id: `calendar-${order.id}` });
          },
        })
      }
    >
      {t('day.addToCalendar')}
    </Button>
  );
}
