import '../../../lib/orders-strings.ts';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@puja/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, FilterSearch, FilterSelect } from '../../../components/filter-controls.tsx';
import type { PaymentFilters } from '../api/get-admin-payments.ts';
import type { PaymentFilterName } from '../hooks/use-payment-filters.ts';

interface PaymentFiltersBarProps {
  filters: PaymentFilters;
  filtered: boolean;
  onFilter: (name: PaymentFilterName, value: string | null) => void;
  search: string;
  onSearch: (value: string) => void;
  onClear: () => void;
  onExport: () => void;
  exporting: boolean;
}

/** Status, provider, days (Nepal) and order number; the CSV export takes the same filters. */
export function PaymentFiltersBar({
  filters,
  filtered,
  onFilter,
  search,
  onSearch,
  onClear,
  onExport,
  exporting,
}: PaymentFiltersBarProps) {
  const { t } = useTranslation('admin');
  return (
    <Group role="search" aria-label={t('payments.filtersLabel')} align="flex-end" gap="sm" wrap="wrap">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ flex: 1, minWidth: 240 }}>
        <FilterSelect
          label={t('payments.status')}
          placeholder={t('payments.allStatuses')}
          data={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`paymentStatus.${status}`) }))}
          value={filters.status ?? null}
          onChange={(value) => onFilter('status', value)}
          clearLabel={t('payments.clearStatus')}
        />
        <FilterSelect
          label={t('payments.provider')}
          placeholder={t('payments.allProviders')}
          data={PAYMENT_PROVIDERS.map((method) => ({
            value: method,
            label: t(`paymentMethod.${method}`, { ns: 'orders' }),
          }))}
          value={filters.provider ?? null}
          onChange={(value) => onFilter('provider', value)}
          clearLabel={t('payments.clearProvider')}
        />
        <DayRangeFilter
          labels={{ from: t('payments.from'), to: t('payments.to') }}
          from={filters.from}
          to={filters.to}
          onChange={onFilter}
        />
        <FilterSearch
          label={t('payments.search')}
          placeholder={t('payments.searchPlaceholder')}
          value={search}
          onChange={onSearch}
          maxLength={20}
        />
      </SimpleGrid>
      <Group gap="sm" wrap="nowrap">
        {filtered && (
          <Button variant="default" onClick={onClear}>
            {t('payments.clear')}
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={onExport}
          loading={exporting}
        >
          {t('payments.export')}
        </Button>
      </Group>
    </Group>
  );
}
