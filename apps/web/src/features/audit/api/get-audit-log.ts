import { getAuditLogEndpoint } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The newest page of who changed what, newest first (ours, issue #6). */
export function auditLogQueryOptions() {
  return queryOptions({
    // The admin key, not the endpoint's: every back-office write invalidates it.
    queryKey: auditLogQueryKey,
    queryFn: ({ signal }) => callEndpoint(getAuditLogEndpoint, { query: {}, signal }),
  });
}

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
