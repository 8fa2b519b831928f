import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '@puja/contract';
import { useTranslation } from 'react-i18next';

/**
 * Writes a link's address in the interface's language (docs/decisions/047): a public page's gets the
 * language's prefix (`/ne/pujas`), so links inside a language stay in it; other pages' stay as they are.
 */
export function useLocalPath(): (path: string) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (path) => localizedPath(path, language);
}
