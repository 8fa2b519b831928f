import { staffMessageEndpoint } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';
import { backOfficeOrderQueryKey } from './get-back-office-order.ts';
import { staffOrdersQueryKey } from './orders-query-keys.ts';

/**
 * `POST /api/orders/{id}/messages`: staff write to the patron from the order's page. The answer is the
 * order's page as it now is, shown at once; a refusal (the order closed meanwhile) reads the page again.
 */
export function useSendStaffMessage(orderId: number) {
  const queryClient = useQueryClient();
  return useEndpointMutation(staffMessageEndpoint, {
    onSuccess: (page) => queryClient.setQueryData(backOfficeOrderQueryKey(orderId), page),
    onError: () => void queryClient.invalidateQueries({ queryKey: backOfficeOrderQueryKey(orderId) }),
    // The dashboard marks orders whose patron wrote last; this one has its answer now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
  });
}
