import type { ClientConfigResponse } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * How people reach the team (`support`) and the site's social pages (`social`), as the server is
 * configured: GET /api/client-config, the same answer (and cache key) the sign-in form reads its bot check
 * from. The footer of every page shows the social pages, so the query is in the first bundle and the
 * request in a module of its own, loaded when it first fetches: a server-rendered page brings the answer
 * in the page, and its first visit downloads neither the contract's schemas nor zod (docs/decisions/017).
 */
export function siteContactsQueryOptions() {
  return queryOptions<ClientConfigResponse>({
    queryKey: ['/api/client-config'],
    queryFn: async ({ signal }) => (await import('./site-contacts-request.ts')).fetchSiteContacts(signal),
    // Set when the server starts; one look per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteContacts() {
  return useQuery(siteContactsQueryOptions());
}
