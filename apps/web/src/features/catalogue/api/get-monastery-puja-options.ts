import { type MonasteryPujaOptionsResponse, monasteryPujaOptionsResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** The direct-order form's choices: open monasteries with their pujas and prices, and every puja. */
export const monasteryPujaOptionsQueryKey = [...catalogueQueryKey, 'monastery-puja-options'] as const;

export function getMonasteryPujaOptions(signal?: AbortSignal): Promise<MonasteryPujaOptionsResponse> {
  return apiRequest('/api/get-monastery-puja', { schema: monasteryPujaOptionsResponseSchema, signal });
}

export function monasteryPujaOptionsQueryOptions() {
  return queryOptions({
    queryKey: monasteryPujaOptionsQueryKey,
    queryFn: ({ signal }) => getMonasteryPujaOptions(signal),
  });
}

export function useMonasteryPujaOptions() {
  return useQuery(monasteryPujaOptionsQueryOptions());
}
