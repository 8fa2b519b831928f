import { Alert, Grid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { LatestOrdersTable } from './latest-orders-table.tsx';
import { MoneyAndBooks } from './money-and-books.tsx';
import { NewUsersChart } from './new-users-chart.tsx';
import { OrdersByStatusChart } from './orders-by-status-chart.tsx';
import { RankedList } from './ranked-list.tsx';
import { RevenueByMonthChart } from './revenue-by-month-chart.tsx';
import { StatCards } from './stat-cards.tsx';

/**
 * `/admin/dashboard`: what an administrator opens every morning. The totals, where the money stands and
 * whether the books balance (from the ledger), orders by status, paid
 * revenue by wallet per month, sign-ups per week, the top monasteries and pujas, the newest orders and
 * the newest changes (`GET /api/admin/stats`; the newest changes are the audit feature's panel, which the
 * admin area's route puts in `recentActivity`).
 */
export function AdminDashboardScreen({ recentActivity }: { recentActivity?: ReactNode }) {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  const stats = useAdminStats();

  return (
    <Stack gap="lg">
      <PageHeading title={t('dashboard.title')} intro={t('dashboard.intro')} />
      {stats.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={96} />
          <Skeleton h={280} />
        </Stack>
      ) : stats.isError ? (
        <QueryErrorAlert error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          {stats.data.attention.openOrdersAtRemovedMonasteries > 0 && (
            <Alert color="orange" title={t('dashboard.attention.title')}>
              {t('dashboard.attention.openOrdersAtRemovedMonasteries', {
                count: stats.data.attention.openOrdersAtRemovedMonasteries,
              })}
            </Alert>
          )}
          <StatCards totals={stats.data.totals} />
          <MoneyAndBooks split={stats.data.revenueSplit} books={stats.data.books} />
          <Grid gutter="md" align="stretch">
            <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
              <OrdersByStatusChart ordersByStatus={stats.data.ordersByStatus} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
              <RevenueByMonthChart revenueByMonth={stats.data.revenueByMonth} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7, xl: 8 }}>
              <NewUsersChart newUsersByWeek={stats.data.newUsersByWeek} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5, xl: 4 }}>{recentActivity}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RankedList title={t('dashboard.topMonasteries')} items={stats.data.topMonasteries} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RankedList title={t('dashboard.topPujas')} items={stats.data.topPujas} />
            </Grid.Col>
            <Grid.Col span={12}>
              <LatestOrdersTable orders={stats.data.latestOrders} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
