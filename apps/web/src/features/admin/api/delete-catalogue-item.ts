import { useMutation } from '@tanstack/react-query';
import {
  type AdminCatalogueItem,
  CATALOGUE_PATHS,
  type CatalogueKind,
  requestCatalogueList,
  useApplyCatalogueWrite,
} from './catalogue-item-requests.ts';

/**
 * `DELETE /api/monastery/{id}` or `/api/puja/{id}`. The server archives what has orders (or staff), so it
 * leaves the lists either way.
 */
export function deleteCatalogueItem(kind: CatalogueKind, id: number): Promise<AdminCatalogueItem[]> {
  return requestCatalogueList(kind, `${CATALOGUE_PATHS[kind]}/${id}`, { method: 'DELETE' });
}

export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  return useMutation({
    mutationFn: (id: number) => deleteCatalogueItem(kind, id),
    onSuccess: applyWrite,
  });
}
