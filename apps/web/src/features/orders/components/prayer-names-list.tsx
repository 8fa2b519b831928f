import '../../../lib/orders-strings.ts';
import { Badge, Group, List, Text } from '@mantine/core';
import { DEFAULT_BUSINESS_TIME_ZONE, type PrayerName } from '@puja/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTimeIn } from '../../../lib/formatting.ts';

/**
 * An order's names to pray for, as a list wherever an order is shown (docs/decisions/035): each name, a
 * "departed" badge, the patron's note, and once the monks have read it, the time in Nepal ("Read at 7:42
 * AM Nepal time") — what tells a patron abroad that their names were read.
 */
export function PrayerNamesList({ names }: { names: readonly PrayerName[] }) {
  const { t } = useTranslation('orders');
  if (names.length === 0) return <Text span>{t('names.none')}</Text>;
  return (
    <List listStyleType="none" spacing={4} data-testid="prayer-names">
      {names.map((name) => (
        <List.Item key={name.id} data-testid="prayer-name">
          <Group gap={6} wrap="wrap">
            <Text span fw={600}>
              {name.name}
            </Text>
            {name.departed && (
              <Badge size="sm" variant="light" color="gray" c="dark.7">
                {t('names.departedBadge')}
              </Badge>
            )}
          </Group>
          {name.note && (
            <Text size="sm" c="dimmed">
              {name.note}
            </Text>
          )}
          {name.read_at && (
            <Group gap={4} wrap="nowrap">
              <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-green-8)" />
              <Text size="sm" c="green.9">
                {t('names.readAt', {
                  time: t('day.nepalTime', {
                    ns: 'prices',
                    time: formatTimeIn(name.read_at, DEFAULT_BUSINESS_TIME_ZONE),
                  }),
                })}
              </Text>
            </Group>
          )}
        </List.Item>
      ))}
    </List>
  );
}
