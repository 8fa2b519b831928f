import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useExportOrders } from '../api/approve-many.ts';
import { useBackOfficeOrders } from '../api/get-back-office-orders.ts';
import { useBackOfficeOrderFilters } from '../hooks/use-back-office-order-filters.ts';
import { ApproveManyBar } from './approve-many-bar.tsx';
import { BackOfficeOrderFiltersBar, type FilterOption } from './back-office-order-filters.tsx';
import { BackOfficeOrdersList } from './back-office-orders-list.tsx';

interface BackOfficeOrdersScreenProps {
  /** Where the screen is, and each order's page under it: `/monastery/orders` or `/admin/orders`. */
  basePath: string;
  intro: string;
  pujas: readonly FilterOption[];
  /** Administrators only: the monastery filter, and a monastery named on each order. */
  monasteries?: readonly FilterOption[] | undefined;
}

/**
 * The orders screen of either back office (docs/product.md#orders-list-and-an-orders-page): searched,
 * filtered and paged by the server (`GET /api/orders`), 25 a page, open orders first; the search, the
 * filters and the page live in the address.
 */
export function BackOfficeOrdersScreen({ basePath, intro, pujas, monasteries }: BackOfficeOrdersScreenProps) {
  const { t } = useTranslation('back-office-orders');
  usePageTitle(t('list.title'));
  const { filters, page, setFilter, setPage, search, setSearch, clear, filtered } =
    useBackOfficeOrderFilters();
  // Staff see only their own monastery's orders: a monastery in the address (a link an administrator
  // shared) is not theirs to choose, and the server would refuse another monastery's id.
  const asked = monasteries ? filters : { ...filters, monastery: undefined };
  const orders = useBackOfficeOrders(asked, page);
  const data = orders.data;
  // Staff approve many at once and export their orders (docs/decisions/039); administrators only read.
  const staff = monasteries === undefined;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const exportOrders = useExportOrders();
  const filterKey = JSON.stringify(asked);
  // Another search or filter is another set of orders: a selection does not carry over to it.
  useEffect(() => {
    if (filterKey) setSelected(new Set());
  }, [filterKey]);
  const toggle = (orderId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(orderId)) next.add(orderId);
      return next;
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {staff && (
          <Button
            variant="default"
            loading={exportOrders.isPending}
            onClick={() => exportOrders.mutate(asked, { onError: () => notifyError(t('list.exportFailed')) })}
          >
            {t('list.export')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <BackOfficeOrderFiltersBar
            filters={filters}
            filtered={filtered}
            onFilter={setFilter}
            search={search}
            onSearch={setSearch}
            onClear={clear}
            pujas={pujas}
            monasteries={monasteries}
          />
          {staff && (
            <ApproveManyBar
              filters={asked}
              orders={data?.orders}
              selected={selected}
              onSelect={(ids) => setSelected(new Set(ids))}
              onClear={() => setSelected(new Set())}
            />
          )}
          {orders.isError ? (
            <QueryErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
          ) : (
            <BackOfficeOrdersList
              orders={data?.orders}
              basePath={basePath}
              withMonastery={monasteries !== undefined}
              emptyText={filtered ? t('list.noMatch') : t('list.empty')}
              selection={staff ? { selected, toggle } : undefined}
            />
          )}
        </Stack>
        {data && (
          <PageNavigation page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        )}
      </Paper>
    </Stack>
  );
}
