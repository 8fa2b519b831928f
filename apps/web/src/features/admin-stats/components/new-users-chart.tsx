import { AreaChart } from '@mantine/charts';
import type { AdminStatsResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, newUserRows } from '../utils/dashboard-data.ts';
import { ChartPanel } from './chart-panel.tsx';

/** Sign-ups per week: is the word getting around? */
export function NewUsersChart({ newUsersByWeek }: Pick<AdminStatsResponse, 'newUsersByWeek'>) {
  const { t } = useTranslation('admin');
  const rows = newUserRows(newUsersByWeek);
  return (
    <ChartPanel
      title={t('dashboard.newUsersByWeek')}
      hint={t('dashboard.newUsersByWeekHint')}
      chart={
        <AreaChart
          h={220}
          data={rows}
          dataKey="label"
          curveType="monotone"
          yAxisProps={{ allowDecimals: false }}
          valueFormatter={formatCount}
          series={[{ name: 'count', label: t('dashboard.newUsers'), color: 'maroon.6' }]}
        />
      }
      columns={[t('dashboard.week'), t('dashboard.newUsers')]}
      rows={rows.map((row) => [row.label, formatCount(row.count)])}
    />
  );
}
