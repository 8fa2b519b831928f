import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** One monastery, by slug or id, with its pujas and prices. */
export function monasteryQueryKey(slugOrId: string) {
  return [...catalogueQueryKey, 'monastery', slugOrId] as const;
}

export function monasteryQueryOptions(slugOrId: string) {
  return queryOptions({
    queryKey: monasteryQueryKey(slugOrId),
    queryFn: async ({ signal }) => (await import('./catalogue-requests.ts')).fetchMonastery(slugOrId, signal),
    // A 404 stays one when the page mounts (a server-rendered "not found" hydrates as itself), instead of
    // turning back into "loading" to ask again.
    retryOnMount: false,
  });
}

export function useMonastery(slugOrId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...monasteryQueryOptions(slugOrId), enabled: options.enabled ?? true });
}
