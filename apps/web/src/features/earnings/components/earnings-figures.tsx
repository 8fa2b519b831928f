import { Alert, Paper, SimpleGrid, Text } from '@mantine/core';
import type { EarningsSummary } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/formatting.ts';

/** The four figures: balance (said plainly when negative), still to come, this month, commission rate. */
export function EarningsFigures({ summary }: { summary: EarningsSummary }) {
  const { t } = useTranslation('earnings');
  const cards = [
    {
      label: t('balance'),
      value: formatMoney(summary.balance),
      hint:
        summary.inTransit > 0
          ? `${t('balanceHint')} ${t('inTransit', { amount: formatMoney(summary.inTransit) })}`
          : t('balanceHint'),
      negative: summary.balance < 0,
    },
    {
      label: t('toCome'),
      value: formatMoney(summary.toCome.amount),
      hint: t('toComeHint', { count: summary.toCome.orders }),
    },
    { label: t('thisMonth'), value: formatMoney(summary.thisMonth.earned), hint: t('thisMonthHint') },
    {
      label: t('commission'),
      value: `${formatNumber(summary.commissionBasisPoints / 100)} %`,
      hint: t('commissionHint'),
    },
  ];
  return (
    <>
      {summary.balance < 0 && (
        <Alert color="orange" title={t('balance')}>
          {t('negativeBalance')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="dl" m={0}>
        {cards.map((card) => (
          <Paper key={card.label} withBorder radius="md" p="md">
            <Text component="dt" size="sm" c="dimmed" fw={600} tt="uppercase">
              {card.label}
            </Text>
            <Text component="dd" fz={26} fw={700} m={0} c={card.negative ? 'red.8' : undefined}>
              {card.value}
            </Text>
            <Text size="xs" c="dimmed">
              {card.hint}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
