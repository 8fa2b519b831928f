import { deleteMonasteryEndpoint, deletePujaEndpoint } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import {
  type AdminCatalogueItem,
  adminCatalogueQueryKey,
  type CatalogueKind,
  itemsOf,
  useApplyCatalogueWrite,
} from './catalogue-item-requests.ts';

/**
 * Deletes a monastery or a puja. The server archives what has orders (or staff), so it leaves the lists
 * either way.
 */
export async function deleteCatalogueItem(kind: CatalogueKind, id: number): Promise<AdminCatalogueItem[]> {
  return itemsOf(
    kind === 'monastery'
      ? await callEndpoint(deleteMonasteryEndpoint, { params: { id } })
      : await callEndpoint(deletePujaEndpoint, { params: { id } }),
  );
}

/**
 * Nothing leaves the table before the server answers. A refusal leaves the row where it is and asks for
 * the list again: a 404 means someone else removed it meanwhile, and the table must show what the server
 * has, not what this tab last saw.
 */
export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCatalogueItem(kind, id),
    onSuccess: applyWrite,
    onError: () => void queryClient.invalidateQueries({ queryKey: adminCatalogueQueryKey(kind) }),
  });
}
