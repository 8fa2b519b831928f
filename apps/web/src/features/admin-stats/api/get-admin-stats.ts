import { getAdminStatsEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The figures of the administrator's dashboard (ours, issue #6). */
export function adminStatsQueryOptions() {
  return queryOptions({
    // The admin key, not the endpoint's: every back-office write invalidates it.
    queryKey: adminStatsQueryKey,
    queryFn: ({ signal }) => callEndpoint(getAdminStatsEndpoint, { signal }),
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
