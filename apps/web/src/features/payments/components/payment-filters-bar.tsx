import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@puja/contract';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
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
        <Select
          label={t('payments.status')}
          placeholder={t('payments.allStatuses')}
          data={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`paymentStatus.${status}`) }))}
          value={filters.status ?? null}
          onChange={(value) => onFilter('status', value)}
          clearable
          clearButtonProps={{ 'aria-label': t('payments.clearStatus') }}
        />
        <Select
          label={t('payments.provider')}
          placeholder={t('payments.allProviders')}
          data={PAYMENT_METHODS.map((method) => ({
            value: method,
            label: t(`paymentMethod.${method}`, { ns: 'orders' }),
          }))}
          value={filters.provider ?? null}
          onChange={(value) => onFilter('provider', value)}
          clearable
          clearButtonProps={{ 'aria-label': t('payments.clearProvider') }}
        />
        <DayInput
          label={t('payments.from')}
          value={filters.from ?? null}
          maxDate={filters.to}
          onChange={(value) => onFilter('from', value)}
        />
        <DayInput
          label={t('payments.to')}
          value={filters.to ?? null}
          minDate={filters.from}
          onChange={(value) => onFilter('to', value)}
        />
        <TextInput
          type="search"
          label={t('payments.search')}
          placeholder={t('payments.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
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
