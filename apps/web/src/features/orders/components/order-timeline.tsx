import '../../../lib/orders-strings.ts';
import { Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { BackOfficeOrderResponse, OrderEvent } from '@puja/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBusinessTime, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import classes from './back-office-orders.module.css';

interface OrderTimelineProps {
  timeline: BackOfficeOrderResponse['timeline'];
  /** The patron as staff screens name them: a nameless patron's own events carry their phone. */
  patron: string;
}

/** Everything that happened to the order, oldest first, each with when (Nepal time) and who. */
export function OrderTimeline({ timeline, patron }: OrderTimelineProps) {
  const { t } = useTranslation('back-office-orders');
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} fz="h4" id={headingId}>
        {t('page.timelineHeading')}
      </Title>
      <Timeline
        bulletSize={14}
        lineWidth={2}
        active={timeline.length - 1}
        // A list to screen readers, as it is one (Mantine draws it with divs).
        role="list"
        aria-label={t('timeline.label')}
      >
        {timeline.map((event, index) => (
          <Timeline.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: events never reorder; their place is their identity
            key={index}
            role="listitem"
            title={t(`timeline.kind.${event.kind}`)}
            data-testid="order-event"
          >
            <EventDetails event={event} patron={patron} />
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

function EventDetails({ event, patron }: { event: OrderEvent; patron: string }) {
  const { t } = useTranslation('back-office-orders');
  const provider = event.provider ? t(`paymentMethod.${event.provider}`, { ns: 'orders' }) : '';
  const amount = event.amount === null ? '' : formatMoney(event.amount);
  let what: string | null = null;
  if (event.kind === 'placed' && event.date) {
    what = t('timeline.placed', { amount, provider, date: formatPujaDate(event.date) });
  } else if (event.amount !== null && event.provider) {
    what = t('timeline.money', { amount, provider });
  } else if (event.kind === 'redated' && event.date && event.previous_date) {
    what = t('timeline.redated', {
      previous: formatPujaDate(event.previous_date),
      date: formatPujaDate(event.date),
    });
  } else if (event.kind === 'photos' && event.photos !== null) {
    what = t('timeline.photos', { count: event.photos });
  }
  return (
    <Stack gap={2}>
      {what && <Text size="sm">{what}</Text>}
      {event.message !== null && (
        <Text size="sm" className={classes.message}>
          {event.message}
        </Text>
      )}
      {event.refund_reason && (
        <Text size="sm" c="dimmed">
          {t(`timeline.reason.${event.refund_reason}`)}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" component="time" dateTime={event.at}>
          {formatBusinessTime(event.at)}
        </Text>
        <Text size="xs" c="dimmed">
          {event.actor
            ? t('timeline.by', {
                name:
                  event.actor.name.trim() ||
                  (event.actor.role === 'user' ? patron : t(`timeline.role.${event.actor.role}`)),
                role: t(`timeline.role.${event.actor.role}`),
              })
            : t('timeline.automatic')}
        </Text>
      </Group>
    </Stack>
  );
}
