import { getSpecialPujaEndpoint } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { monasteryPujasQueryKey } from './monastery-catalogue-query-keys.ts';

/** One of the monastery's own pujas as stored now. */
export function useSpecialPuja(pivotId: number | null) {
  return useQuery({
    queryKey: [...monasteryPujasQueryKey, 'special', pivotId ?? 0, 'edit'],
    queryFn: ({ signal }) =>
      callEndpoint(getSpecialPujaEndpoint, { params: { pivotId: pivotId ?? 0 }, signal }),
    enabled: pivotId !== null,
    // An edit form starts from what is stored now, not from what was loaded a minute ago.
    staleTime: 0,
  });
}
