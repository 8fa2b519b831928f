import { deleteMonasteryEndpoint, deletePujaEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import {
  type AdminCatalogueItem,
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

export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  return useMutation({
    mutationFn: (id: number) => deleteCatalogueItem(kind, id),
    onSuccess: applyWrite,
  });
}
