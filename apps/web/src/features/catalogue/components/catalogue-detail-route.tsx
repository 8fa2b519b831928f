import { isSlugOrId } from '@puja/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CatalogueDetailSkeleton } from './catalogue-detail-skeleton.tsx';

interface CatalogueDetailRouteProps<TData> {
  /** The route parameter that holds the slug or id (`/monastery/:slug`, `/puja/:id`). */
  param: string;
  /** The detail's query hook; a module-level hook, so it is the same on every render. */
  useDetail: (slugOrId: string, options: { enabled: boolean }) => UseQueryResult<TData>;
  children: (data: TData) => ReactNode;
}

/**
 * What the monastery and puja pages do before they have their item: a 404 for a slug that is malformed or
 * that the server does not know, the skeleton while loading, the error with a retry; then `children`.
 */
export function CatalogueDetailRoute<TData>({
  param,
  useDetail,
  children,
}: CatalogueDetailRouteProps<TData>) {
  const slugOrId = useParams()[param] ?? '';
  // A malformed slug can name no item; answer 404 at once instead of asking the server.
  const isWellFormed = isSlugOrId(slugOrId);
  const query = useDetail(slugOrId, { enabled: isWellFormed });

  if (!isWellFormed || (query.error instanceof ApiError && query.error.status === 404)) {
    return <NotFoundContent />;
  }
  return (
    <QueryContent query={query} loading={<CatalogueDetailSkeleton />}>
      {children}
    </QueryContent>
  );
}
