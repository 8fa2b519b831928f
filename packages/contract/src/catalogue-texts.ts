import type { Language } from './languages.ts';

/**
 * A catalogue item's name and description in the reader's language (docs/decisions/049). English is
 * required and is the text's own field (`name`); Nepali and Traditional Chinese are optional, in fields
 * named with their suffix (`name_ne`, `name_zh_hant`), and a reader whose language has none reads the
 * English. No zod here: the public pages import this on their first paint.
 */
export const TRANSLATION_SUFFIXES = { ne: 'ne', 'zh-Hant': 'zh_hant' } as const satisfies Partial<
  Record<Language, string>
>;
export type TranslatedLanguage = keyof typeof TRANSLATION_SUFFIXES;
type Suffix = (typeof TRANSLATION_SUFFIXES)[TranslatedLanguage];

export type TranslatedField = 'name' | 'description';
/** The field of a text in a language other than English: `name_ne`, `description_zh_hant`. */
export type TranslationKey<Field extends TranslatedField> = `${Field}_${Suffix}`;
/** An item with a text in English and, where entered, in the other languages. */
export type WithTranslations<Field extends TranslatedField> = { [K in Field]: string } & {
  [K in TranslationKey<Field>]?: string | null;
};

/** The field holding `field` in `language` (`name_ne`), or `field` itself for English. */
export function translationKey<Field extends TranslatedField>(
  field: Field,
  language: Language,
): Field | TranslationKey<Field> {
  const suffix = TRANSLATION_SUFFIXES[language as TranslatedLanguage];
  return suffix ? `${field}_${suffix}` : field;
}

/** The text in `language`, or the English where none was entered in it. */
export function catalogueText<Field extends TranslatedField>(
  item: WithTranslations<Field>,
  field: Field,
  language: Language,
): string {
  const translated = item[translationKey(field, language) as TranslationKey<Field>];
  return translated || item[field];
}

/** The text in every language it was entered in: what a search matches against. */
export function catalogueTextsOf<Field extends TranslatedField>(
  item: WithTranslations<Field>,
  field: Field,
): string[] {
  const texts: string[] = [item[field]];
  for (const suffix of Object.values(TRANSLATION_SUFFIXES)) {
    const text: string | null | undefined = item[`${field}_${suffix}` as TranslationKey<Field>];
    if (text) texts.push(text);
  }
  return texts;
}
