import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf } from './contract-form.ts';
import { notifyError, notifySuccess } from './notify.ts';

/** How an action ended: done, or refused with the error (whose field messages a form may show). */
export type ActionOutcome = { ok: true } | { ok: false; error: unknown };

export interface AttemptToasts {
  success: string;
  failure: string;
}

/**
 * Runs a request with the toasts of docs/product.md#notifications: the success message, or the failure message over the server's
 * reason (a 401 has said 'Session Expired' already). Never throws: the outcome says what happened.
 */
export function useAttempt() {
  const { t } = useTranslation();
  return useCallback(
    async (work: () => Promise<unknown>, toasts: AttemptToasts): Promise<ActionOutcome> => {
      try {
        await work();
      } catch (error) {
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected')), { title: toasts.failure });
        }
        return { ok: false, error };
      }
      notifySuccess(toasts.success);
      return { ok: true };
    },
    [t],
  );
}
