import '../../../lib/orders-strings.ts';
import { List, Stack, Text } from '@mantine/core';
import type { UnavailableDay } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { runsOf, type UnavailableRun } from '../utils/unavailable-days.ts';

interface UnavailableDaysNoteProps {
  days: readonly UnavailableDay[];
  /** The monastery's cut-off for tomorrow (`HH:MM`, Nepal time), to say when requests closed. */
  cutoffTime: string | null;
}

/**
 * Why the days the calendar does not offer are not offered (docs/decisions/040): closed with the
 * monastery's message, full, or past the cut-off; consecutive days on one line.
 */
export function UnavailableDaysNote({ days, cutoffTime }: UnavailableDaysNoteProps) {
  const { t } = useTranslation('orders');
  const describe = useDescribeUnavailable(cutoffTime);
  const runs = runsOf(days);
  if (runs.length === 0) return null;
  return (
    <Stack gap={4} data-testid="unavailable-days">
      <Text size="sm" fw={600}>
        {t('orderDays.title')}
      </Text>
      <List size="sm" spacing={2}>
        {runs.map((run) => (
          <List.Item key={`${run.first}-${run.reason}`}>{describe(run)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A run of days not offered, and why, as one line: "2 – 8 October: not accepting requests (Losar retreat)". */
export function useDescribeUnavailable(cutoffTime: string | null) {
  const { t } = useTranslation('orders');
  return (run: UnavailableRun): string => {
    const days =
      run.first === run.last
        ? formatPujaDate(run.first)
        : `${formatPujaDate(run.first)} – ${formatPujaDate(run.last)}`;
    if (run.reason === 'closed') return t('orderDays.closed', { days, message: run.message ?? '' });
    if (run.reason === 'full') return t('orderDays.full', { days });
    return cutoffTime
      ? t('orderDays.cutoff', { days, time: cutoffTime })
      : t('orderDays.cutoffShort', { days });
  };
}
