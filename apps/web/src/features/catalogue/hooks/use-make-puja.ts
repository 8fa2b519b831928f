import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { openLoginPrompt } from '../../../lib/login-prompt.ts';

/**
 * What the Make Puja buttons do. The client has no signed-in session yet, so everyone here is a visitor,
 * and SPEC §2 sends a visitor's Make Puja to the login modal with the message 'Login to proceed'.
 */
export function useMakePuja(): () => void {
  const { t } = useTranslation('catalogue');
  return useCallback(() => openLoginPrompt({ error: t('loginToProceed') }), [t]);
}
