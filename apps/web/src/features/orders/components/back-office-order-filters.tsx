import { Button, SimpleGrid, Stack } from '@mantine/core';
import { BACK_OFFICE_ORDER_FILTERS } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, FilterSearch, FilterSelect } from '../../../components/filter-controls.tsx';
import type { BackOfficeOrderFilters } from '../api/get-back-office-orders.ts';
import type { OrderFilterName } from '../hooks/use-back-office-order-filters.ts';

export interface FilterOption {
  value: string;
  label: string;
}

interface BackOfficeOrderFiltersProps {
  filters: BackOfficeOrderFilters;
  filtered: boolean;
  onFilter: (name: OrderFilterName, value: string | null) => void;
  search: string;
  onSearch: (value: string) => void;
  onClear: () => void;
  pujas: readonly FilterOption[];
  /** Administrators choose a monastery; staff see only their own, so they get no such filter. */
  monasteries?: readonly FilterOption[] | undefined;
}

/** The search (order number, patron's name or phone) and the filters: status, puja, monastery, puja days. */
export function BackOfficeOrderFiltersBar({
  filters,
  filtered,
  onFilter,
  search,
  onSearch,
  onClear,
  pujas,
  monasteries,
}: BackOfficeOrderFiltersProps) {
  const { t } = useTranslation('back-office-orders');
  return (
    <Stack role="search" aria-label={t('list.filtersLabel')} gap="sm">
      <FilterSearch
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={search}
        onChange={onSearch}
        maxLength={100}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: monasteries ? 5 : 4 }} spacing="sm">
        <FilterSelect
          label={t('list.status')}
          placeholder={t('list.allStatuses')}
          data={BACK_OFFICE_ORDER_FILTERS.map((status) => ({ value: status, label: t(`stage.${status}`) }))}
          value={filters.status ?? null}
          onChange={(value) => onFilter('status', value)}
          clearLabel={t('list.clearStatus')}
        />
        {monasteries && (
          <FilterSelect
            label={t('list.monastery')}
            placeholder={t('list.allMonasteries')}
            data={monasteries}
            value={filters.monastery ? String(filters.monastery) : null}
            onChange={(value) => onFilter('monastery', value)}
            clearLabel={t('list.clearMonastery')}
            searchable
          />
        )}
        <FilterSelect
          label={t('list.puja')}
          placeholder={t('list.allPujas')}
          data={pujas}
          value={filters.puja ? String(filters.puja) : null}
          onChange={(value) => onFilter('puja', value)}
          clearLabel={t('list.clearPuja')}
          searchable
        />
        <DayRangeFilter
          labels={{ from: t('list.from'), to: t('list.to') }}
          from={filters.from}
          to={filters.to}
          onChange={onFilter}
        />
      </SimpleGrid>
      {filtered && (
        <Button variant="default" onClick={onClear} w="fit-content">
          {t('list.clear')}
        </Button>
      )}
    </Stack>
  );
}
