import { messageToMonasteryEndpoint } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { orderConversationQueryKey } from './get-order-conversation.ts';
import { ownOrdersQueryKey } from './get-orders.ts';

/** The patron writes to the monastery on their order; the answer is the thread as it now is. */
export function useWriteToMonastery(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      callEndpoint(messageToMonasteryEndpoint, { params: { orderId }, body: { message } }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(orderConversationQueryKey(orderId), conversation);
      void queryClient.invalidateQueries({ queryKey: ownOrdersQueryKey });
    },
  });
}
