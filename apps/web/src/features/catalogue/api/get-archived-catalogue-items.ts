import {
  type ArchivedCatalogueQuery,
  type ArchivedMonastery,
  type ArchivedPuja,
  listArchivedMonasteriesEndpoint,
  listArchivedPujasEndpoint,
  type PageInfo,
} from '@puja/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { adminCatalogueQueryKey, type CatalogueKind } from './catalogue-item-requests.ts';

/** An archived monastery or catalogue puja as the back office lists it: its name and when it was archived. */
export type ArchivedCatalogueItem = Pick<ArchivedMonastery & ArchivedPuja, 'id' | 'name' | 'archived_at'>;
export type ArchivedCatalogueItems = PageInfo & { items: ArchivedCatalogueItem[] };

/** Every page and search of one kind's archived list, so a write can refresh them all at once. */
export function archivedCatalogueQueryKey(kind: CatalogueKind) {
  return [...adminCatalogueQueryKey(kind), 'archived'] as const;
}

/** A page of archived monasteries or pujas, the latest archived first, searched by name on the server. */
export async function getArchivedCatalogueItems(
  kind: CatalogueKind,
  query: ArchivedCatalogueQuery,
  signal: AbortSignal,
): Promise<ArchivedCatalogueItems> {
  if (kind === 'monastery') {
    const { monasteries, ...page } = await callEndpoint(listArchivedMonasteriesEndpoint, { query, signal });
    return { ...page, items: monasteries };
  }
  const { pujas, ...page } = await callEndpoint(listArchivedPujasEndpoint, { query, signal });
  return { ...page, items: pujas };
}

export function archivedCatalogueItemsQueryOptions(kind: CatalogueKind, query: ArchivedCatalogueQuery) {
  return queryOptions({
    queryKey: [...archivedCatalogueQueryKey(kind), query],
    queryFn: ({ signal }) => getArchivedCatalogueItems(kind, query, signal),
  });
}

export function useArchivedCatalogueItems(
  kind: CatalogueKind,
  query: ArchivedCatalogueQuery,
  options: { enabled: boolean },
) {
  return useQuery({
    ...archivedCatalogueItemsQueryOptions(kind, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
