import { createMonasteryEndpoint, createPujaEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import type { CatalogueItemSubmission } from '../utils/catalogue-item-form.ts';
import {
  type AdminCatalogueItem,
  type CatalogueKind,
  itemsOf,
  useApplyCatalogueWrite,
} from './catalogue-item-requests.ts';

/** Creates a monastery or a puja: name, description, status and picture, as multipart form data. */
export async function createCatalogueItem(
  kind: CatalogueKind,
  body: CatalogueItemSubmission,
): Promise<AdminCatalogueItem[]> {
  return itemsOf(
    kind === 'monastery'
      ? await callEndpoint(createMonasteryEndpoint, { body })
      : await callEndpoint(createPujaEndpoint, { body }),
  );
}

export function useCreateCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  return useMutation({
    mutationFn: (input: CatalogueItemSubmission) => createCatalogueItem(kind, input),
    onSuccess: applyWrite,
  });
}
