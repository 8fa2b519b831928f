import { messageResponseSchema, type messageToPatronRequestSchema } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A message as the form checked it with the contract's schema. */
export type MessageToPatron = ReturnType<typeof messageToPatronRequestSchema.parse>;

/** `POST /api/message`: a message to the patron of an order, shown on their orders page. */
export function sendMessage(input: MessageToPatron) {
  return apiRequest('/api/message', {
    method: 'POST',
    body: { orderID: input.orderID, userID: input.userID, message: input.message },
    schema: messageResponseSchema,
  });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
