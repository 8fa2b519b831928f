import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '@puja/contract';

/**
 * Which language a browser gets (docs/decisions/018): the `lang` cookie when it has one (the person's
 * choice, or their account's once they signed in), else a guess from the languages the browser asks for.
 * The cookie is also what the server reads to render a public page in that language.
 */

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

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
  for (const pair of cookieHeader.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name !== LANGUAGE_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    if (isLanguage(value)) return value;
  }
  return null;
}

/** Remembers the browser's language for a year, for every path, sent with top-level navigations. */
export function writeLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** The language of the first render: remembered, else guessed (and remembered, so the server knows it too). */
export function initialLanguage(): Language {
  if (typeof document === 'undefined' || typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const remembered = readLanguageCookie(document.cookie);
  if (remembered) return remembered;
  const guessed = guessLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
  if (guessed !== DEFAULT_LANGUAGE) writeLanguageCookie(guessed);
  return guessed;
}
