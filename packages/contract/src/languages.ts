/**
 * The languages of the interface, of the SMS and of the e-mail (docs/decisions/018). `en` is the default;
 * a person's choice is kept on their account (`users.language`, null until they choose) and in the
 * browser's `lang` cookie, which the server may read to render a public page in that language.
 */
export const LANGUAGES = ['en', 'ne', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers the browser's language: `lang=en|ne|zh-Hant; path=/; max-age=1 year; SameSite=Lax`. */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}
