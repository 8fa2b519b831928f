import { type PujaListResponse, pujaListResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

export const pujasQueryKey = [...catalogueQueryKey, 'pujas'] as const;

export function getPujas(signal?: AbortSignal): Promise<PujaListResponse> {
  return apiRequest('/api/puja', { schema: pujaListResponseSchema, signal });
}

export function pujasQueryOptions() {
  return queryOptions({ queryKey: pujasQueryKey, queryFn: ({ signal }) => getPujas(signal) });
}

export function usePujas() {
  return useQuery(pujasQueryOptions());
}
