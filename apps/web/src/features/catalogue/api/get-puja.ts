import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueQueryKey } from './catalogue-query-keys.ts';

/** One puja, by slug or id, with the monasteries offering it and their prices. */
export function pujaQueryKey(slugOrId: string) {
  return [...catalogueQueryKey, 'puja', slugOrId] as const;
}

export function pujaQueryOptions(slugOrId: string) {
  return queryOptions({
    queryKey: pujaQueryKey(slugOrId),
    queryFn: async ({ signal }) => (await import('./catalogue-requests.ts')).fetchPuja(slugOrId, signal),
    // A 404 stays one when the page mounts (a server-rendered "not found" hydrates as itself), instead of
    // turning back into "loading" to ask again.
    retryOnMount: false,
  });
}

export function usePuja(slugOrId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pujaQueryOptions(slugOrId), enabled: options.enabled ?? true });
}
