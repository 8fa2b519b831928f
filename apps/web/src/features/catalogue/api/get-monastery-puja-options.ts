import { getMonasteryPujaOptionsEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** The direct-order form's choices: open monasteries with their pujas and prices, and every puja. */
export const monasteryPujaOptionsQueryKey = [...catalogueQueryKey, 'monastery-puja-options'] as const;

export function monasteryPujaOptionsQueryOptions() {
  return queryOptions({
    queryKey: monasteryPujaOptionsQueryKey,
    queryFn: ({ signal }) => callEndpoint(getMonasteryPujaOptionsEndpoint, { signal }),
  });
}

export function useMonasteryPujaOptions() {
  return useQuery(monasteryPujaOptionsQueryOptions());
}
