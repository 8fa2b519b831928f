/**
 * Every back-office query key starts here. The administrator's lists are kept apart from the public
 * catalogue's keys: the same URLs answer an administrator with closed rows too, and those must never be
 * shown on a public page from the cache.
 */
export const adminQueryKey = ['admin'] as const;
export const adminStatsQueryKey = [...adminQueryKey, 'stats'] as const;
export const auditLogQueryKey = [...adminQueryKey, 'audit-log'] as const;
export const adminUsersQueryKey = [...adminQueryKey, 'users'] as const;
/** The users list, one entry per page and search (`q` is '' when nothing is searched). */
export function adminUsersListQueryKey(query: { page: number; q: string }) {
  return [...adminUsersQueryKey, 'list', query] as const;
}
/** `GET /api/admin/payments`, one entry per filters and page. */
export const adminPaymentsQueryKey = [...adminQueryKey, 'payments'] as const;
