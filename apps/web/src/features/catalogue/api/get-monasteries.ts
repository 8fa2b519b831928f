import { type MonasteryListResponse, monasteryListResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

export const monasteriesQueryKey = [...catalogueQueryKey, 'monasteries'] as const;

export function getMonasteries(signal?: AbortSignal): Promise<MonasteryListResponse> {
  return apiRequest('/api/monastery', { schema: monasteryListResponseSchema, signal });
}

export function monasteriesQueryOptions() {
  return queryOptions({ queryKey: monasteriesQueryKey, queryFn: ({ signal }) => getMonasteries(signal) });
}

export function useMonasteries() {
  return useQuery(monasteriesQueryOptions());
}
