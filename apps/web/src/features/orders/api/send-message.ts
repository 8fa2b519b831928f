import { messageToPatronEndpoint, type messageToPatronRequestSchema } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { orderConversationQueryKey } from './get-order-conversation.ts';
import { backOfficeOrdersQueryKey, staffOrdersQueryKey } from './orders-query-keys.ts';

/** A message as the form checked it with the contract's schema. */
export type MessageToPatron = ReturnType<typeof messageToPatronRequestSchema.parse>;

/** `POST /api/message`: a message to the patron of an order, in the order's thread on their orders page. */
export function sendMessage(input: MessageToPatron) {
  return callEndpoint(messageToPatronEndpoint, {
    body: { orderID: input.orderID, userID: input.userID, message: input.message },
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The thread has a new message, and the order no longer waits for an answer.
    onSuccess: (_answer, input) => {
      void queryClient.invalidateQueries({ queryKey: orderConversationQueryKey(input.orderID) });
      void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: backOfficeOrdersQueryKey });
    },
  });
}
