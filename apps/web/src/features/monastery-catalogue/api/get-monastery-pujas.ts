import { listMonasteryPujasEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { monasteryPujasQueryKey } from './monastery-catalogue-query-keys.ts';

/** Catalogue pujas not offered yet, and this monastery's pujas with their prices. */
export function monasteryPujasQueryOptions() {
  return queryOptions({
    queryKey: monasteryPujasQueryKey,
    queryFn: ({ signal }) => callEndpoint(listMonasteryPujasEndpoint, { signal }),
  });
}

export function useMonasteryPujas() {
  return useQuery(monasteryPujasQueryOptions());
}
