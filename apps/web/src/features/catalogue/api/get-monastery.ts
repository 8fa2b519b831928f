import { type MonasteryDetailResponse, monasteryDetailResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

export function monasteryQueryKey(slugOrId: string) {
  return [...catalogueQueryKey, 'monastery', slugOrId] as const;
}

export function getMonastery(slugOrId: string, signal?: AbortSignal): Promise<MonasteryDetailResponse> {
  return apiRequest(`/api/monastery/${encodeURIComponent(slugOrId)}/edit`, {
    schema: monasteryDetailResponseSchema,
    signal,
  });
}

export function monasteryQueryOptions(slugOrId: string) {
  return queryOptions({
    queryKey: monasteryQueryKey(slugOrId),
    queryFn: ({ signal }) => getMonastery(slugOrId, signal),
  });
}

export function useMonastery(slugOrId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...monasteryQueryOptions(slugOrId), enabled: options.enabled ?? true });
}
