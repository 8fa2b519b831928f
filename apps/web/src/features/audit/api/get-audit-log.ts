import { type AuditLogQuery, getAuditLogEndpoint } from '@puja/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * One page of the audit log page's list, narrowed by its filters (who, what, when) and continued with
 * `before`. Under the same admin key, so a back-office write refreshes it too.
 */
export function filteredAuditLogQueryOptions(query: AuditLogQuery) {
  return queryOptions({
    queryKey: [...auditLogQueryKey, 'filtered', query],
    queryFn: ({ signal }) => callEndpoint(getAuditLogEndpoint, { query, signal }),
  });
}

export function useFilteredAuditLog(query: AuditLogQuery) {
  // The previous page stays on screen while the next one loads, so the list does not jump to a skeleton.
  return useQuery({ ...filteredAuditLogQueryOptions(query), placeholderData: keepPreviousData });
}
