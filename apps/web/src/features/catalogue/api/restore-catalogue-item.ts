import { restoreMonasteryEndpoint, restorePujaEndpoint } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import {
  type AdminCatalogueItem,
  applyCatalogueWrite,
  type CatalogueKind,
  itemsOf,
} from './catalogue-item-requests.ts';
import { archivedCatalogueQueryKey } from './get-archived-catalogue-items.ts';

/**
 * Restores an archived monastery or catalogue puja (with what was archived with it). The answer is the
 * administrator's current list, as every catalogue write's is.
 */
export async function restoreCatalogueItem(kind: CatalogueKind, id: number): Promise<AdminCatalogueItem[]> {
  return itemsOf(
    kind === 'monastery'
      ? await callEndpoint(restoreMonasteryEndpoint, { params: { id } })
      : await callEndpoint(restorePujaEndpoint, { params: { id } }),
  );
}

/**
 * The current list is the answer; the archived pages are asked again. On a refusal too: a 404 means
 * someone else restored it meanwhile, and the lists must show what the server has, not what this tab
 * last saw.
 */
export function useRestoreCatalogueItem(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  const refreshArchived = () =>
    void queryClient.invalidateQueries({ queryKey: archivedCatalogueQueryKey(kind) });
  return useMutation({
    mutationFn: (id: number) => restoreCatalogueItem(kind, id),
    onSuccess: (items) => {
      applyCatalogueWrite(queryClient, kind, items);
      refreshArchived();
    },
    onError: refreshArchived,
  });
}
