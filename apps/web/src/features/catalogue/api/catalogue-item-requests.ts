import type { MonasteryListResponse, MonasterySummary, PujaListResponse } from '@puja/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, adminStatsQueryKey, auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** The two catalogues an administrator manages: monasteries and (catalogue) pujas. */
export type CatalogueKind = 'monastery' | 'puja';

/** What the back office shows of either: both answers carry at least these fields. */
export type AdminCatalogueItem = MonasterySummary;

export function adminCatalogueQueryKey(kind: CatalogueKind) {
  return [...adminQueryKey, 'catalogue', kind] as const;
}

/** Every catalogue call answers with the whole list (`{ monasteries }` or `{ pujas }`): its items. */
export function itemsOf(answer: MonasteryListResponse | PujaListResponse): AdminCatalogueItem[] {
  return 'monasteries' in answer ? answer.monasteries : answer.pujas;
}

/**
 * After a write: the answer is the fresh list, so it replaces the back office's copy without another
 * request; the public catalogue and the dashboard figures are refetched when next shown, so the public
 * pages in this tab show the change at once.
 */
export function applyCatalogueWrite(
  queryClient: QueryClient,
  kind: CatalogueKind,
  items: AdminCatalogueItem[],
): void {
  queryClient.setQueryData(adminCatalogueQueryKey(kind), items);
  void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
  void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
  void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
}

export function useApplyCatalogueWrite(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return (items: AdminCatalogueItem[]) => applyCatalogueWrite(queryClient, kind, items);
}
