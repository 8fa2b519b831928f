import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AdminCatalogueItem,
  adminCatalogueQueryKey,
  CATALOGUE_PATHS,
  type CatalogueKind,
  requestCatalogueList,
} from './catalogue-item-requests.ts';

/**
 * `GET /api/monastery` or `GET /api/puja` as an administrator: answered fresh by the server, closed rows
 * included (API.md "Catalogue").
 */
export function getCatalogueItems(kind: CatalogueKind, signal?: AbortSignal): Promise<AdminCatalogueItem[]> {
  return requestCatalogueList(kind, CATALOGUE_PATHS[kind], { signal });
}

export function catalogueItemsQueryOptions(kind: CatalogueKind) {
  return queryOptions({
    queryKey: adminCatalogueQueryKey(kind),
    queryFn: ({ signal }) => getCatalogueItems(kind, signal),
  });
}

export function useCatalogueItems(kind: CatalogueKind) {
  return useQuery(catalogueItemsQueryOptions(kind));
}
