import { type MonasteryPujasResponse, monasteryPujasResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { monasteryPujasQueryKey } from './monastery-dashboard-query-keys.ts';

/** `GET /api/monastery-puja`: catalogue pujas not offered yet, and this monastery's pujas with prices. */
export function getMonasteryPujas(signal?: AbortSignal): Promise<MonasteryPujasResponse> {
  return apiRequest('/api/monastery-puja', { schema: monasteryPujasResponseSchema, signal });
}

export function monasteryPujasQueryOptions() {
  return queryOptions({
    queryKey: monasteryPujasQueryKey,
    queryFn: ({ signal }) => getMonasteryPujas(signal),
  });
}

export function useMonasteryPujas() {
  return useQuery(monasteryPujasQueryOptions());
}
