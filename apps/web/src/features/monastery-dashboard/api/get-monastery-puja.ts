import { type SelectedPujaResponse, selectedPujaResponseSchema } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { monasteryPujasQueryKey } from './monastery-dashboard-query-keys.ts';

/** `GET /api/monastery-puja/{pivotId}/edit`: a catalogue puja the monastery offers, with its price now. */
export function getMonasteryPuja(pivotId: number, signal?: AbortSignal): Promise<SelectedPujaResponse> {
  return apiRequest(`/api/monastery-puja/${pivotId}/edit`, { schema: selectedPujaResponseSchema, signal });
}

export function useMonasteryPuja(pivotId: number | null) {
  return useQuery({
    queryKey: [...monasteryPujasQueryKey, 'catalogue', pivotId ?? 0, 'edit'],
    queryFn: ({ signal }) => getMonasteryPuja(pivotId ?? 0, signal),
    enabled: pivotId !== null,
    // An edit form starts from what is stored now, not from what was loaded a minute ago.
    staleTime: 0,
  });
}
