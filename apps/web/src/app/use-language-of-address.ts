import { DEFAULT_LANGUAGE, isPublicPagePath, localizedPath, splitLanguagePath } from '@puja/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activateLanguage, activeLanguage } from '../lib/i18n.ts';
import { rememberLanguageOfAddress } from '../lib/language.ts';

/**
 * Keeps the interface in the language of the public page's address (docs/decisions/047): a move to
 * `/ne/…` (a link, the back button) switches to Nepali; a move to a public page without a language (a
 * sign-out's `/`, a link written without one) while the interface is in another language goes to that
 * language's address, as the server sends such a visit there.
 */
export function useLanguageOfAddress(): void {
  const location = useLocation();
  const navigate = useNavigate();
  // Only a move decides: a language chosen in the top bar moves to its own address itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a move only, as said above.
  useEffect(() => {
    const { language, path } = splitLanguagePath(location.pathname);
    if (language) {
      rememberLanguageOfAddress(language);
      if (language !== activeLanguage()) void activateLanguage(language);
      return;
    }
    const active = activeLanguage();
    if (active !== DEFAULT_LANGUAGE && isPublicPagePath(path)) {
      void navigate(localizedPath(`${path}${location.search}${location.hash}`, active), { replace: true });
    }
  }, [location.pathname]);
}
