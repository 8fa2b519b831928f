import { updateMonasteryEndpoint, updatePujaEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import type { CatalogueItemSubmission } from '../utils/catalogue-item-form.ts';
import {
  type AdminCatalogueItem,
  type CatalogueKind,
  itemsOf,
  useApplyCatalogueWrite,
} from './catalogue-item-requests.ts';

export interface CatalogueItemUpdate extends CatalogueItemSubmission {
  id: number;
  /** The version the form was opened at (docs/decisions/040). */
  version: number | undefined;
}

/**
 * Updates a monastery or a puja (multipart, POST with the patch override, as browsers' forms must send
 * it). The image goes only when a new one was chosen: without it the server keeps the current picture.
 */
export async function updateCatalogueItem(
  kind: CatalogueKind,
  { id, ...body }: CatalogueItemUpdate,
): Promise<AdminCatalogueItem[]> {
  const params = { id };
  return itemsOf(
    kind === 'monastery'
      ? await callEndpoint(updateMonasteryEndpoint, { params, body })
      : await callEndpoint(updatePujaEndpoint, { params, body }),
  );
}

export function useUpdateCatalogueItem(kind: CatalogueKind) {
  const applyWrite = useApplyCatalogueWrite(kind);
  return useMutation({
    mutationFn: (input: CatalogueItemUpdate) => updateCatalogueItem(kind, input),
    onSuccess: applyWrite,
  });
}
