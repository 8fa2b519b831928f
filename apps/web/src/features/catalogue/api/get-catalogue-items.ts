import { listMonasteriesEndpoint, listPujasEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import {
  type AdminCatalogueItem,
  adminCatalogueQueryKey,
  type CatalogueKind,
  itemsOf,
} from './catalogue-item-requests.ts';

/**
 * The monasteries or the pujas as an administrator: answered fresh by the server, closed rows included
 * (docs/api.md "Catalogue").
 */
export async function getCatalogueItems(
  kind: CatalogueKind,
  signal: AbortSignal,
): Promise<AdminCatalogueItem[]> {
  return itemsOf(
    kind === 'monastery'
      ? await callEndpoint(listMonasteriesEndpoint, { signal })
      : await callEndpoint(listPujasEndpoint, { signal }),
  );
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
