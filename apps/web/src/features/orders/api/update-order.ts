import {
  type DeclineReason,
  type StaffOrdersResponse,
  type UpdateOrderRequest,
  updateOrderEndpoint,
} from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { backOfficeOrdersQueryKey, staffOrdersQueryKey } from './orders-query-keys.ts';

/** What a staff member does with a pending order (docs/api.md): approve, give it a new day, or decline it. */
export type OrderUpdate = { orderId: number; version: number } & (
  | { action: 'approve'; time?: string }
  | { action: 'redate'; date: string; time?: string }
  | { action: 'decline'; reason: DeclineReason; note?: string }
);

/**
 * `PATCH /api/order/{id}`, sent as POST with the override (docs/api.md): no field approves, `date` re-dates,
 * `status=decline` declines with its `reason` (and `reason_note` for `other`); `time` (HH:MM, Nepal time; empty for none) comes with an approval or a new date.
 * Every change sends the version of the order the page showed: one made since is refused (409,
 * docs/decisions/040). The answer is the refreshed lists.
 */
export function updateOrder(update: OrderUpdate): Promise<StaffOrdersResponse> {
  const time = update.action !== 'decline' && update.time !== undefined ? { time: update.time } : {};
  const version = { version: update.version };
  const fields: UpdateOrderRequest =
    update.action === 'redate'
      ? { date: update.date, ...time, ...version }
      : update.action === 'decline'
        ? {
            status: 'decline',
            reason: update.reason,
            ...(update.note === undefined ? {} : { reason_note: update.note }),
            ...version,
          }
        : { ...time, ...version };
  return callEndpoint(updateOrderEndpoint, { params: { orderId: update.orderId }, body: fields });
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (lists) => queryClient.setQueryData(staffOrdersQueryKey, lists),
    // A 409 (another staff member was first, the order is not paid yet) means the lists shown are stale:
    // they are fetched again, so the table shows the order as it now is. Not awaited: the toast comes first.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey });
    },
    // The orders screen, an order's page and the sidebar's count are read again whatever the answer: a
    // refused action leaves them as the server holds the order, not as the staff member hoped.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: backOfficeOrdersQueryKey }),
  });
}
