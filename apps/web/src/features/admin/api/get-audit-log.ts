import { type AuditLogResponse, auditLogResponseSchema } from '@puja/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditLogQueryKey } from './admin-query-keys.ts';

/** `GET /api/admin/audit-log` (ours, issue #6): the newest page of who changed what, newest first. */
export function getAuditLog(signal?: AbortSignal): Promise<AuditLogResponse> {
  return apiRequest('/api/admin/audit-log', { schema: auditLogResponseSchema, signal });
}

export function auditLogQueryOptions() {
  return queryOptions({ queryKey: auditLogQueryKey, queryFn: ({ signal }) => getAuditLog(signal) });
}

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
