import type { QueryClient } from '@tanstack/react-query';
import {
  adminPaymentsQueryKey,
  adminStatsQueryKey,
  auditLogQueryKey,
} from '../../../lib/admin-query-keys.ts';

/**
 * After a refund (done, under way or refused) the payments shown may have changed, and the audit log and
 * the dashboard's figures with them.
 */
export function refreshAfterPaymentWrite(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminPaymentsQueryKey });
  void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
  void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
}
