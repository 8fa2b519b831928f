import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { CardGrid } from '../../../components/card-grid.tsx';
import { CardGridSkeleton } from '../../../components/card-grid-skeleton.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useLocalPath } from '../../../lib/use-local-path.ts';

interface CatalogueGridSectionProps<TData, TItem> {
  heading: string;
  headingOrder: 1 | 2;
  query: UseQueryResult<TData>;
  selectItems: (data: TData) => readonly TItem[];
  emptyText: string;
  /** `index` lets the first card's picture load first (it is the largest thing a phone shows). */
  renderCard: (item: TItem, index: number) => ReactNode;
  getKey: (item: TItem) => number;
  /** Shows only the first few, with a link to the full list (the home page). */
  limit?: number;
  moreLink?: { to: string; label: string };
}

/** A heading and a grid of cards with loading, error and empty states: the home and list pages. */
export function CatalogueGridSection<TData, TItem>({
  heading,
  headingOrder,
  query,
  selectItems,
  emptyText,
  renderCard,
  getKey,
  limit,
  moreLink,
}: CatalogueGridSectionProps<TData, TItem>) {
  const headingId = useId();
  const localPath = useLocalPath();

  let content: ReactNode;
  if (query.isPending) {
    content = <CardGridSkeleton count={limit ?? 6} />;
  } else if (query.isError) {
    content = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const all = selectItems(query.data);
    const shown = limit === undefined ? all : all.slice(0, limit);
    content =
      shown.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <CardGrid>
          {shown.map((item, index) => (
            <Fragment key={getKey(item)}>{renderCard(item, index)}</Fragment>
          ))}
        </CardGrid>
      );
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={headingOrder} id={headingId}>
          {heading}
        </Title>
        {moreLink && (
          <Anchor component={Link} to={localPath(moreLink.to)} fw={600}>
            {moreLink.label}
          </Anchor>
        )}
      </Group>
      {content}
    </Stack>
  );
}
