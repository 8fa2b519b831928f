import { messageToPatronRequestSchema, type Order } from '@puja/contract';
import type { FormEvent } from 'react';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import type { OrderActions } from './use-order-actions.ts';

type MessageValues = { message: string };

/**
 * The Message modal's form (docs/product.md#staff-dashboard, §5: the text is required): checked with the contract's schema before
 * sending; the server's own field message shows under the field too.
 */
export function useMessageForm(order: Order, actions: OrderActions, onSent: () => void) {
  const request = ({ message }: MessageValues) => ({ orderID: order.id, userID: order.user_id, message });
  const form = useContractForm<MessageValues>(messageToPatronRequestSchema, { message: '' }, { request });

  const save = form.onSubmit(async (values) => {
    const { message } = messageToPatronRequestSchema.parse(request(values));
    const outcome = await actions.sendMessage(order, message);
    if (outcome.ok) onSent();
    else showServerErrors(form, outcome.error);
  });

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) =>
      actions.sendingMessage ? event.preventDefault() : save(event),
    isSending: actions.sendingMessage,
  };
}
