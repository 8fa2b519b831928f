import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { AdminStatsResponse } from '@puja/contract';
import { IconBuildingMonument, IconCash, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/formatting.ts';
import { formatCount } from '../utils/dashboard-data.ts';

/** The four figures an administrator looks at first. */
export function StatCards({ totals }: { totals: AdminStatsResponse['totals'] }) {
  const { t } = useTranslation('admin');
  const cards = [
    { label: t('dashboard.totals.orders'), value: formatCount(totals.orders), Icon: IconReceipt },
    { label: t('dashboard.totals.paidRevenue'), value: formatMoney(totals.paidRevenue), Icon: IconCash },
    { label: t('dashboard.totals.patrons'), value: formatCount(totals.patrons), Icon: IconUsers },
    {
      label: t('dashboard.totals.monasteries'),
      value: formatCount(totals.monasteries),
      Icon: IconBuildingMonument,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="dl" m={0}>
      {cards.map(({ label, value, Icon }) => (
        <Paper key={label} withBorder radius="md" p="md" pos="relative">
          <Icon
            size={28}
            aria-hidden="true"
            color="var(--mantine-color-maroon-6)"
            style={{ position: 'absolute', top: 16, right: 16 }}
          />
          <Text component="dt" size="sm" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text component="dd" fz={28} fw={700} m={0}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
