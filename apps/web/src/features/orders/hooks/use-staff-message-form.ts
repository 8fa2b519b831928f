import { staffMessageRequestSchema } from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useSendStaffMessage } from '../api/send-staff-message.ts';

type MessageValues = { message: string };

/**
 * The order page's message to the patron (docs/decisions/015): checked with the contract's schema before
 * sending, the server's own field message under the field, the toast for the reason; emptied once sent.
 */
export function useStaffMessageForm(orderId: number) {
  const { t } = useTranslation('back-office-orders');
  const attempt = useAttempt();
  const sending = useSendStaffMessage(orderId);
  const form = useContractForm<MessageValues>(staffMessageRequestSchema, { message: '' });

  const save = form.onSubmit(async (values) => {
    const body = staffMessageRequestSchema.parse(values);
    const outcome = await attempt(() => sending.mutateAsync({ params: { orderId }, body }), {
      success: t('page.messageSent'),
      failure: t('page.messageFailed'),
    });
    if (outcome.ok) form.reset();
    else showServerErrors(form, outcome.error);
  });

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) => (sending.isPending ? event.preventDefault() : save(event)),
    isSending: sending.isPending,
  };
}
