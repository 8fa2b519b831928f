import { getSpecialPujaEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { monasteryPujasQueryKey } from './monastery-catalogue-query-keys.ts';

export function specialPujaQueryOptions(pivotId: number) {
  return queryOptions({
    queryKey: [...monasteryPujasQueryKey, 'special', pivotId, 'edit'],
    queryFn: ({ signal }) => callEndpoint(getSpecialPujaEndpoint, { params: { pivotId }, signal }),
    // An edit form starts from what is stored now, not from what was loaded a minute ago.
    staleTime: 0,
  });
}

/** One of the monastery's own pujas as stored now. */
export function useSpecialPuja(pivotId: number | null) {
  return useQuery({ ...specialPujaQueryOptions(pivotId ?? 0), enabled: pivotId !== null });
}
