import { messageToPatronRequestSchema, type Order } from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, fieldErrorsOfIssues } from '../utils/failures.ts';
import type { OrderActions } from './use-order-actions.ts';

/**
 * The Message modal's form (SPEC §2, §5: the text is required): checked with the contract's schema before
 * sending; the server's own field message shows under the field too.
 */
export function useMessageForm(order: Order, actions: OrderActions, onSent: () => void) {
  const [message, setMessageValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  function setMessage(value: string) {
    setMessageValue(value);
    setError(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (actions.sendingMessage) return;
    const check = messageToPatronRequestSchema.safeParse({
      orderID: order.id,
      userID: order.user_id,
      message,
    });
    if (!check.success) {
      setError(fieldErrorsOfIssues(check.error.issues, ['message']).message);
      return;
    }
    const outcome = await actions.sendMessage(order, check.data.message);
    if (outcome.ok) onSent();
    else setError(fieldErrorsOf(outcome.error, ['message']).message);
  }

  return { message, setMessage, error, submit, isSending: actions.sendingMessage };
}
