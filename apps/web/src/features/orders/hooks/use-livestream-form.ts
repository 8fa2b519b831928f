import { announceLivestreamRequestSchema } from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useAnnounceLivestream } from '../api/order-proof.ts';

type LivestreamValues = { url: string; date: string; time: string };

/**
 * The staff's announcement of a livestream or recording (docs/decisions/015, 037): its link, checked by
 * the contract's schema (https on YouTube, Facebook or Zoom) before sending, and its day and time in Nepal.
 */
export function useLivestreamForm(orderId: number, initial: LivestreamValues) {
  const { t } = useTranslation('orders');
  const attempt = useAttempt();
  const announcing = useAnnounceLivestream(orderId);
  const form = useContractForm<LivestreamValues>(announceLivestreamRequestSchema, initial);

  const save = form.onSubmit(async (values) => {
    const body = announceLivestreamRequestSchema.parse(values);
    const outcome = await attempt(() => announcing.mutateAsync({ params: { orderId }, body }), {
      success: t('proof.livestreamSaved'),
      failure: t('proof.livestreamFailed'),
    });
    if (!outcome.ok) showServerErrors(form, outcome.error);
  });

  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) =>
      announcing.isPending ? event.preventDefault() : save(event),
    isSending: announcing.isPending,
  };
}
