import { getMonasteryPujaEndpoint } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { monasteryPujasQueryKey } from './monastery-catalogue-query-keys.ts';

/** A catalogue puja the monastery offers, with its price now. */
export function useMonasteryPuja(pivotId: number | null) {
  return useQuery({
    queryKey: [...monasteryPujasQueryKey, 'catalogue', pivotId ?? 0, 'edit'],
    queryFn: ({ signal }) =>
      callEndpoint(getMonasteryPujaEndpoint, { params: { pivotId: pivotId ?? 0 }, signal }),
    enabled: pivotId !== null,
    // An edit form starts from what is stored now, not from what was loaded a minute ago.
    staleTime: 0,
  });
}
