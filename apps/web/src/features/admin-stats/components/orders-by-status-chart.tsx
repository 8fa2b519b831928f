import '../../../lib/orders-strings.ts';
import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { AdminStatsResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { formatCount, STATUS_COLORS } from '../utils/dashboard-data.ts';

/** Orders by status: a donut, with its legend giving each figure (the legend is what screen readers read). */
export function OrdersByStatusChart({ ordersByStatus }: Pick<AdminStatsResponse, 'ordersByStatus'>) {
  const { t } = useTranslation('admin');
  const total = ordersByStatus.reduce((sum, entry) => sum + entry.count, 0);
  const data = ordersByStatus.map((entry) => ({
    name: t(`orderStatus.${entry.status}`, { ns: 'orders' }),
    value: entry.count,
    color: STATUS_COLORS[entry.status],
  }));
  return (
    <DashboardPanel title={t('dashboard.ordersByStatus')}>
      <Group align="center" justify="center" gap="xl" wrap="wrap">
        <div aria-hidden="true">
          <DonutChart
            data={total === 0 ? [{ name: '', value: 1, color: 'gray.2' }] : data}
            size={160}
            thickness={26}
            withTooltip={total > 0}
            tooltipDataSource="segment"
            chartLabel={formatCount(total)}
            strokeWidth={total === 0 ? 0 : 1}
            // The legend beside it carries the figures; the drawing stays out of the tab order.
            pieProps={{ rootTabIndex: -1 }}
          />
        </div>
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.map((slice) => (
            <Group key={slice.name} component="li" gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={12} />
              <Text size="sm">{slice.name}</Text>
              <Text size="sm" fw={700} ml="auto" pl="md">
                {formatCount(slice.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </DashboardPanel>
  );
}
