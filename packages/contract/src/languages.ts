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

/**
 * The public pages have one address per language (docs/decisions/047): English at the root
 * (`/monastery/kopan-monastery`), the others under their code (`/ne/monastery/kopan-monastery`,
 * `/zh-Hant/…`). Signed-in areas, sign-in and the back offices have one address for every language.
 */
const PREFIXED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/** The first segments of the public pages (docs/product.md#routes). */
const PUBLIC_SECTIONS = new Set([
  '',
  'monasteries',
  'pujas',
  'monastery',
  'puja',
  'verify',
  'about',
  'contact',
  'faq',
  'terms',
  'privacy',
  'refunds',
]);
/** The staff's pages, beside the public `/monastery/{slug}` (app/routes.tsx). */
const STAFF_PAGES = new Set(['dashboard', 'orders', 'run-sheet', 'puja', 'earnings', 'account']);

/** Whether a path without a language (`/monastery/kopan-monastery?q=x`) names a public page. */
export function isPublicPagePath(path: string): boolean {
  const [first = '', second] = path
    .replace(/[?#].*$/, '')
    .split('/')
    .slice(1);
  if (!PUBLIC_SECTIONS.has(first)) return false;
  if (first === 'monastery') return second !== undefined && second !== '' && !STAFF_PAGES.has(second);
  return true;
}

/**
 * The language an address names and the address without it: `/ne/pujas` → ne, `/pujas`; `/pujas` →
 * undefined, `/pujas` (English, or the visitor's language where the page is not a public one).
 */
export function splitLanguagePath(path: string): { language: Language | undefined; path: string } {
  const match = /^\/([^/?#]+)(?=$|[/?#])/.exec(path);
  const language = PREFIXED_LANGUAGES.find((candidate) => candidate === match?.[1]);
  if (!language) return { language: undefined, path };
  const rest = path.slice(language.length + 1);
  return { language, path: rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest };
}

/**
 * A page's address in a language: a public page's gets the language's prefix (none for English); any other
 * page's address is the same in every language.
 */
export function localizedPath(path: string, language: Language): string {
  const bare = splitLanguagePath(path).path;
  if (language === DEFAULT_LANGUAGE || !isPublicPagePath(bare)) return bare;
  return bare === '/' || bare.startsWith('/?') || bare.startsWith('/#')
    ? `/${language}${bare.slice(1)}`
    : `/${language}${bare}`;
}
