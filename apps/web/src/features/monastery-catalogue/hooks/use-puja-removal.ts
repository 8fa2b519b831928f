import type { PujaWithPivot } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useRemoveMonasteryPuja } from '../api/remove-monastery-puja.ts';

/**
 * Removing a puja from the monastery: asked first (the question of docs/product.md#form-rules), then 'Puja Deleted Successfully',
 * or 'Puja Delete Failed' when the server refuses (docs/design.md: the described product's never-failing check
 * is a bug not copied).
 */
export function usePujaRemoval() {
  const { t } = useTranslation('staff');
  const attempt = useAttempt();
  const remove = useRemoveMonasteryPuja();
  const [asking, setAsking] = useState<PujaWithPivot | null>(null);

  async function confirm() {
    if (!asking || remove.isPending) return;
    const outcome = await attempt(() => remove.mutateAsync(asking.pivot.id), {
      success: t('toasts.removed'),
      failure: t('toasts.removeFailed'),
    });
    if (outcome.ok) setAsking(null);
  }

  return {
    asking,
    ask: setAsking,
    cancel: () => setAsking(null),
    confirm,
    isRemoving: remove.isPending,
  };
}
