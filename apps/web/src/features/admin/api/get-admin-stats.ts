import { type AdminStatsResponse, adminStatsResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminStatsQueryKey } from './admin-query-keys.ts';

/** `GET /api/admin/stats` (ours, issue #6): the figures of the administrator's dashboard. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStatsResponse> {
  return apiRequest('/api/admin/stats', { schema: adminStatsResponseSchema, signal });
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: adminStatsQueryKey, queryFn: ({ signal }) => getAdminStats(signal) });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
