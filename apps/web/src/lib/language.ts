import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  splitLanguagePath,
} from '@puja/contract';
import { readPreferenceCookie, writePreferenceCookie } from './preference-cookies.ts';

/**
 * Which language a browser gets (docs/decisions/018): the `lang` cookie when it has one (the person's
 * choice, or their account's once they signed in), else a guess from the languages the browser asks for.
 * The cookie is also what the server reads to render a public page in that language.
 */

/** Each language's name in itself, as the language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ne: 'नेपाली',
  'zh-Hant': '繁體中文',
};

/**
 * The closest language we have to the browser's wishes, taken in the browser's order: Nepali for any
 * `ne`, Traditional Chinese for any Chinese (zh-TW, zh-HK, zh-MO and zh-Hant are it; for zh-CN and other
 * Chinese it is still closer than English), English for the rest.
 */
export function guessLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'ne') return 'ne';
    if (primary === 'zh') return 'zh-Hant';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export function readLanguageCookie(cookieHeader: string): Language | null {
  return readPreferenceCookie(cookieHeader, LANGUAGE_COOKIE, isLanguage);
}

/** Remembers the browser's language for a year, for every path, sent with top-level navigations. */
export function writeLanguageCookie(language: Language): void {
  writePreferenceCookie(LANGUAGE_COOKIE, language);
}

/**
 * A page whose address names a language (`/ne/…`, docs/decisions/047) is in it, and the browser remembers
 * it: the server then sends the next visit to an address without one (`/`) to that language's, and the
 * signed-in pages follow it.
 */
export function rememberLanguageOfAddress(language: Language): void {
  if (readLanguageCookie(document.cookie) !== language) writeLanguageCookie(language);
}

/**
 * The language of the first render: the address's when it names one (the server rendered it so), else
 * remembered, else guessed (and remembered, so the server knows it too).
 */
export function initialLanguage(): Language {
  if (typeof document === 'undefined' || typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const addressed = splitLanguagePath(window.location.pathname).language;
  if (addressed) {
    rememberLanguageOfAddress(addressed);
    return addressed;
  }
  const remembered = readLanguageCookie(document.cookie);
  if (remembered) return remembered;
  const guessed = guessLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
  if (guessed !== DEFAULT_LANGUAGE) writeLanguageCookie(guessed);
  return guessed;
}
