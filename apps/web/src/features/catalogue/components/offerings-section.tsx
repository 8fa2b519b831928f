import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card-grid.tsx';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useValueFromBeforeStart } from '../../../lib/use-value-from-before-start.ts';
import {
  filterAndSortOfferings,
  OFFERING_SEARCH_MAX_LENGTH,
  type Offering,
  readOfferingFilters,
} from '../utils/offerings.ts';

interface OfferingsSectionProps<T extends Offering> {
  /** Whose page it is: its texts are the `catalogue` namespace's `monastery.…` or `puja.…` keys. */
  page: 'monastery' | 'puja';
  items: readonly T[];
  getKey: (item: T) => number;
  renderCard: (item: T) => ReactNode;
}

/** The monastery and puja pages (docs/product.md#monastery-page) share this: a name search, a price sort and the matching cards. */
export function OfferingsSection<T extends Offering>({
  page,
  items,
  getKey,
  renderCard,
}: OfferingsSectionProps<T>) {
  const { t } = useTranslation('catalogue');
  const searchLabel = t(`${page}.searchLabel`);
  const headingId = useId();
  // The search and sort live in the address (`?q=…&sort=…`), so the form works as a plain GET form that the
  // server answers before the app runs, and a reload or a shared link shows the same cards.
  const { filters, search, setSearch, setFilter } = useUrlFilters(readOfferingFilters, {
    history: 'replace',
  });
  const sort = filters.sort ?? 'none';
  const chooseSort = (value: string) =>
    setFilter('sort', readOfferingFilters(new URLSearchParams({ sort: value })).sort);
  // What was typed or chosen before the app ran is taken over, never erased (docs/decisions/028).
  const searchInput = useValueFromBeforeStart<HTMLInputElement>(search, setSearch);
  const sortSelect = useValueFromBeforeStart<HTMLSelectElement>(sort, chooseSort);
  const visible = filterAndSortOfferings(items, search, sort);
  const trimmedSearch = search.trim();

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId}>
        {t(`${page}.offeringsHeading`)}
      </Title>
      {/* biome-ignore lint/a11y/useSemanticElements: older phones' browsers (Safari before 17) do not know <search> */}
      <form
        method="get"
        role="search"
        aria-label={searchLabel}
        // The cards follow the typing; sending only closes a phone's keyboard, so the cards can be seen.
        onSubmit={(event) => {
          event.preventDefault();
          searchInput.current?.blur();
        }}
      >
        <Group grow preventGrowOverflow={false} wrap="wrap" gap="sm" align="flex-end">
          <TextInput
            ref={searchInput}
            name="q"
            // A phone keyboard offers its Search key, which sends the form.
            enterKeyHint="search"
            aria-label={searchLabel}
            placeholder={t(`${page}.searchPlaceholder`)}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            maxLength={OFFERING_SEARCH_MAX_LENGTH}
            onChange={(event) => setSearch(event.currentTarget.value)}
            miw={220}
          />
          {/* The browser's own list: a phone shows its native picker, and the page loads no pop-over code. */}
          <NativeSelect
            ref={sortSelect}
            name="sort"
            aria-label={t('sort.label')}
            value={sort}
            onChange={(event) => chooseSort(event.currentTarget.value)}
            data={[
              { value: 'none', label: t('sort.none') },
              { value: 'lowToHigh', label: t('sort.lowToHigh') },
              { value: 'highToLow', label: t('sort.highToLow') },
            ]}
            miw={220}
          />
          {/* Before the app runs (or without it) the form is sent to the server, which answers with the cards. */}
          {/* The whole row on a phone (under 36rem, Mantine's xs), 10rem beside the fields above it: written
              without a media query, since a responsive style prop becomes a <style> inside the page's body,
              which HTML does not allow (issue 31). */}
          <Button type="submit" variant="light" maw="max(10rem, (36rem - 100vw) * 1000)">
            {t('searchSubmit')}
          </Button>
        </Group>
      </form>
      {visible.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {trimmedSearch ? t(`${page}.emptySearch`, { search: trimmedSearch }) : t(`${page}.empty`)}
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
