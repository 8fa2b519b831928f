import type { MonasteryListResponse, PujaListResponse } from '@puja/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { EAGER_PICTURES } from '../../../lib/picture-sources.ts';
import { MonasteryCard, PujaCard } from './catalogue-card.tsx';
import { CatalogueGridSection } from './catalogue-grid-section.tsx';

interface GridProps<TData> {
  heading: string;
  /** 1 on a list page, 2 under the home page's h1 (the cards' titles one level below). */
  headingOrder: 1 | 2;
  query: UseQueryResult<TData>;
  emptyText: string;
  limit?: number;
  moreLink?: { to: string; label: string };
}

/**
 * The grids of the home and list pages, in a module of their own: the page keeps the server's HTML of a
 * grid and loads this only when it must draw one itself (`StaticPart`, docs/decisions/032).
 */
export function MonasteryGrid({ headingOrder, ...props }: GridProps<MonasteryListResponse>) {
  const titleOrder = headingOrder === 1 ? 2 : 3;
  return (
    <CatalogueGridSection
      {...props}
      headingOrder={headingOrder}
      selectItems={(data) => data.monasteries}
      getKey={(monastery) => monastery.id}
      renderCard={(monastery, index) => (
        <MonasteryCard monastery={monastery} titleOrder={titleOrder} priority={index < EAGER_PICTURES} />
      )}
    />
  );
}

export function PujaGrid({ headingOrder, ...props }: GridProps<PujaListResponse>) {
  const titleOrder = headingOrder === 1 ? 2 : 3;
  // On the home page the pujas come second: their pictures are not the first the page shows.
  const eager = headingOrder === 1 ? EAGER_PICTURES : 0;
  return (
    <CatalogueGridSection
      {...props}
      headingOrder={headingOrder}
      selectItems={(data) => data.pujas}
      getKey={(puja) => puja.id}
      renderCard={(puja, index) => <PujaCard puja={puja} titleOrder={titleOrder} priority={index < eager} />}
    />
  );
}
