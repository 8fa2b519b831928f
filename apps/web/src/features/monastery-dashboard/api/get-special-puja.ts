import { type SelectedPujaResponse, selectedPujaResponseSchema } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { monasteryPujasQueryKey } from './monastery-dashboard-query-keys.ts';

/** `GET /api/monastery-special-puja/{pivotId}/edit`: one of the monastery's own pujas as stored now. */
export function getSpecialPuja(pivotId: number, signal?: AbortSignal): Promise<SelectedPujaResponse> {
  return apiRequest(`/api/monastery-special-puja/${pivotId}/edit`, {
    schema: selectedPujaResponseSchema,
    signal,
  });
}

export function useSpecialPuja(pivotId: number | null) {
  return useQuery({
    queryKey: [...monasteryPujasQueryKey, 'special', pivotId ?? 0, 'edit'],
    queryFn: ({ signal }) => getSpecialPuja(pivotId ?? 0, signal),
    enabled: pivotId !== null,
    // An edit form starts from what is stored now, not from what was loaded a minute ago.
    staleTime: 0,
  });
}
