import { type PujaDetailResponse, pujaDetailResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

export function pujaQueryKey(slugOrId: string) {
  return [...catalogueQueryKey, 'puja', slugOrId] as const;
}

export function getPuja(slugOrId: string, signal?: AbortSignal): Promise<PujaDetailResponse> {
  return apiRequest(`/api/puja/${encodeURIComponent(slugOrId)}/edit`, {
    schema: pujaDetailResponseSchema,
    signal,
  });
}

export function pujaQueryOptions(slugOrId: string) {
  return queryOptions({
    queryKey: pujaQueryKey(slugOrId),
    queryFn: ({ signal }) => getPuja(slugOrId, signal),
  });
}

export function usePuja(slugOrId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pujaQueryOptions(slugOrId), enabled: options.enabled ?? true });
}
