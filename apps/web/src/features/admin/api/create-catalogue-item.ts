import { useMutation } from '@tanstack/react-query';
import type { CatalogueItemSubmission } from '../utils/catalogue-item-form.ts';
import {
  type AdminCatalogueItem,
  CATALOGUE_PATHS,
  type CatalogueKind,
  requestCatalogueList,
  useApplyCatalogueWrite,
} from './catalogue-item-requests.ts';

/** Creates a monastery or a puja: multipart name, description, image, status. */
export function createCatalogueItem(
  kind: CatalogueKind,
  input: CatalogueItemSubmission,
): Promise<AdminCatalogueItem[]> {
  return requestCatalogueList(kind, CATALOGUE_PATHS[kind], {
    method: 'POST',
    body: { name: input.name, description: input.description, status: input.status, image: input.image },
  });
}

export function useCreateCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  return useMutation({
    mutationFn: (input: CatalogueItemSubmission) => createCatalogueItem(kind, input),
    onSuccess: applyWrite,
  });
}
