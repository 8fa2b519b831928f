import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** Monasteries with the pujas they offer and their prices: the open ones (all of them to an admin). */
export const monasteriesQueryKey = [...catalogueQueryKey, 'monasteries'] as const;

export function monasteriesQueryOptions() {
  return queryOptions({
    queryKey: monasteriesQueryKey,
    queryFn: async ({ signal }) => (await import('./catalogue-requests.ts')).fetchMonasteries(signal),
  });
}

export function useMonasteries() {
  return useQuery(monasteriesQueryOptions());
}
