import { Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card-grid.tsx';
import {
  filterAndSortOfferings,
  isOfferingSort,
  type Offering,
  type OfferingSort,
} from '../utils/offerings.ts';

interface OfferingsSectionProps<T extends Offering> {
  heading: string;
  items: readonly T[];
  searchLabel: string;
  searchPlaceholder: string;
  emptyText: string;
  emptySearchText: (search: string) => string;
  getKey: (item: T) => number;
  renderCard: (item: T) => ReactNode;
}

/** The monastery and puja pages (docs/product.md#monastery-page) share this: a name search, a price sort and the matching cards. */
export function OfferingsSection<T extends Offering>({
  heading,
  items,
  searchLabel,
  searchPlaceholder,
  emptyText,
  emptySearchText,
  getKey,
  renderCard,
}: OfferingsSectionProps<T>) {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<OfferingSort>('none');
  const visible = filterAndSortOfferings(items, search, sort);
  const trimmedSearch = search.trim();

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId}>
        {heading}
      </Title>
      <Group grow preventGrowOverflow={false} wrap="wrap" gap="sm">
        <TextInput
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          miw={220}
        />
        {/* The browser's own list: a phone shows its native picker, and the page loads no pop-over code. */}
        <NativeSelect
          aria-label={t('sort.label')}
          value={sort}
          onChange={(event) => {
            const { value } = event.currentTarget;
            if (isOfferingSort(value)) setSort(value);
          }}
          data={[
            { value: 'none', label: t('sort.none') },
            { value: 'lowToHigh', label: t('sort.lowToHigh') },
            { value: 'highToLow', label: t('sort.highToLow') },
          ]}
          miw={220}
        />
      </Group>
      {visible.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {trimmedSearch ? emptySearchText(trimmedSearch) : emptyText}
        </Text>
      ) : (
        <CardGrid>
          {visible.map((item) => (
            <Fragment key={getKey(item)}>{renderCard(item)}</Fragment>
          ))}
        </CardGrid>
      )}
    </Stack>
  );
}
