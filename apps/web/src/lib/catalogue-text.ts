import {
  catalogueText,
  DEFAULT_LANGUAGE,
  isLanguage,
  type TranslatedField,
  type WithTranslations,
} from '@puja/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A catalogue item's name or description in the interface's language, or its English where none was
 * entered in it (docs/decisions/049). The catalogue's answers carry every language, so switching language
 * asks the server for nothing.
 */
export function useCatalogueText(): <Field extends TranslatedField>(
  item: WithTranslations<Field>,
  field: Field,
) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback((item, field) => catalogueText(item, field, language), [language]);
}
