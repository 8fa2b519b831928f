import '../../../lib/orders-strings.ts';
import { BarChart } from '@mantine/charts';
import type { AdminStatsResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/formatting.ts';
import { chartedProviders, PROVIDER_COLORS, type PROVIDERS, revenueRows } from '../utils/dashboard-data.ts';
import { ChartPanel } from './chart-panel.tsx';

/**
 * Paid revenue per month, one stacked bar per month with a part for each provider that took the money
 * (cards in their rupees, once there are any).
 */
export function RevenueByMonthChart({ revenueByMonth }: Pick<AdminStatsResponse, 'revenueByMonth'>) {
  const { t } = useTranslation('admin');
  const rows = revenueRows(revenueByMonth);
  const providers = chartedProviders(rows);
  const providerLabel = (provider: (typeof PROVIDERS)[number]) =>
    t(`paymentMethod.${provider}`, { ns: 'orders' });
  return (
    <ChartPanel
      title={t('dashboard.revenueByMonth')}
      hint={t('dashboard.revenueByMonthHint')}
      chart={
        <BarChart
          h={260}
          data={rows}
          dataKey="label"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={formatMoney}
          yAxisProps={{ width: 90 }}
          series={providers.map((provider) => ({
            name: provider,
            label: providerLabel(provider),
            color: PROVIDER_COLORS[provider],
          }))}
        />
      }
      columns={[t('dashboard.month'), ...providers.map(providerLabel)]}
      rows={rows.map((row) => [row.label, ...providers.map((provider) => formatMoney(row[provider]))])}
    />
  );
}
