import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** Catalogue pujas, not the monasteries' own special ones: the open ones (all of them to an admin). */
export const pujasQueryKey = [...catalogueQueryKey, 'pujas'] as const;

export function pujasQueryOptions() {
  return queryOptions({
    queryKey: pujasQueryKey,
    queryFn: async ({ signal }) => (await import('./catalogue-requests.ts')).fetchPujas(signal),
  });
}

export function usePujas() {
  return useQuery(pujasQueryOptions());
}
