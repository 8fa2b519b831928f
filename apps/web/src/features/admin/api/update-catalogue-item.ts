import { useMutation } from '@tanstack/react-query';
import type { CatalogueItemSubmission } from '../utils/catalogue-item-form.ts';
import {
  type AdminCatalogueItem,
  CATALOGUE_PATHS,
  type CatalogueKind,
  requestCatalogueList,
  useApplyCatalogueWrite,
} from './catalogue-item-requests.ts';

export interface CatalogueItemUpdate extends CatalogueItemSubmission {
  id: number;
}

/**
 * Updates a monastery or a puja: multipart, POST with the patch override, as browsers' forms must send it.
 * The image goes only when a new one was chosen: without it the server keeps the current picture.
 */
export function updateCatalogueItem(
  kind: CatalogueKind,
  input: CatalogueItemUpdate,
): Promise<AdminCatalogueItem[]> {
  return requestCatalogueList(kind, `${CATALOGUE_PATHS[kind]}/${input.id}`, {
    method: 'POST',
    body: {
      _method: 'patch',
      name: input.name,
      description: input.description,
      status: input.status,
      image: input.image,
    },
  });
}

export function useUpdateCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  return useMutation({
    mutationFn: (input: CatalogueItemUpdate) => updateCatalogueItem(kind, input),
    onSuccess: applyWrite,
  });
}
