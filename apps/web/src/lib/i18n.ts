import { DEFAULT_LANGUAGE, type Language } from '@puja/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import catalogue from '../locales/en/catalogue.json';
import common from '../locales/en/common.json';
import prices from '../locales/en/prices.json';
import { initialLanguage } from './language.ts';

export const defaultNS = 'common';

/** The strings every visitor may need, bundled with the first page in English. */
export const resources = {
  en: { common, catalogue, prices },
} as const;

/**
 * The back offices' strings, the sign-in's, ordering's, and the long text of the information pages and of
 * one's own account, travel with their own lazy pages (see `registerStrings`), so visitors never download
 * them before they need them; their types are still known here so every key is checked at compile time.
 */
export type LazyResources = {
  orders: typeof import('../locales/en/orders.json');
  auth: typeof import('../locales/en/auth.json');
  account: typeof import('../locales/en/account.json');
  admin: typeof import('../locales/en/admin.json');
  staff: typeof import('../locales/en/staff.json');
  'info-pages': typeof import('../locales/en/info-pages.json');
  'back-office-orders': typeof import('../locales/en/back-office-orders.json');
  'day-input': typeof import('../locales/en/day-input.json');
  'test-payments': typeof import('../locales/en/test-payments.json');
  earnings: typeof import('../locales/en/earnings.json');
  'catalogue-texts': typeof import('../locales/en/catalogue-texts.json');
};
type Namespace = keyof (typeof resources)['en'] | keyof LazyResources;

/** The namespaces in use so far: the bundled ones and each lazy one once its pages registered it. */
const namespacesInUse = new Set<Namespace>(Object.keys(resources.en) as Namespace[]);

/**
 * Adds a namespace's strings in another language than English (bundled), fetched first. The loaders come
 * in their own small chunk, so visitors in English download nothing of the other languages.
 */
async function loadNamespace(language: Language, namespace: Namespace): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, namespace)) return;
  const { loadTranslation } = await import('./translations.ts');
  const strings = await loadTranslation(language, namespace);
  // A namespace without a translation falls back to English.
  if (strings) i18n.addResourceBundle(language, namespace, strings);
}

const loadNamespaces = (language: Language, namespaces: Iterable<Namespace>) =>
  Promise.all([...namespaces].map((namespace) => loadNamespace(language, namespace)));

/**
 * Loads a language's strings of every namespace in use, without switching to it: the server renders each
 * page in the language its request asks for (entry-server.tsx).
 */
export function loadLanguage(language: Language): Promise<unknown> {
  return loadNamespaces(language, namespacesInUse);
}

/** The language the interface is in now. */
export function activeLanguage(): Language {
  return (i18n.language as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the interface to `language` once the strings of every namespace in use have arrived, so no
 * page shows a mix. Sets `<html lang>` through the `languageChanged` listener below.
 */
export async function activateLanguage(language: Language): Promise<void> {
  arrivingLanguage = language;
  try {
    await loadLanguage(language);
  } finally {
    if (arrivingLanguage === language) arrivingLanguage = undefined;
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * The language being switched to while its strings load. A namespace registered meanwhile (a rendered
 * page's lazy strings, imported before the first language has arrived) is loaded in it too: the switch
 * only loads the namespaces in use when it began, and the page would hydrate in English where the server
 * wrote Nepali or Chinese.
 */
let arrivingLanguage: Language | undefined;

function markDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const firstLanguage = initialLanguage();
// English is bundled, so initialising synchronously means the first render already has its strings.
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // Only the exact language ('zh-Hant', never a 'zh' bundle) and then English.
  load: 'currentOnly',
  defaultNS,
  ns: Object.keys(resources.en),
  resources,
  partialBundledLanguages: true,
  initAsync: false,
  // React escapes output already; escaping twice would show `&quot;` in 'No Puja for "…"'.
  interpolation: { escapeValue: false },
});
i18n.on('languageChanged', markDocumentLanguage);
markDocumentLanguage(DEFAULT_LANGUAGE);
/**
 * Another language's first strings, fetched from the start; main.tsx renders (and loads the lazy routes,
 * whose strings then follow the language) once they are in, so the page never flashes in English. Not a
 * top-level await: Rollup then kept every module the lazy chunks share with the first page out of its
 * entry chunk, 52 files instead of 8 and 13 KB more gzipped.
 */
export const firstLanguageReady: Promise<void> =
  firstLanguage === DEFAULT_LANGUAGE ? Promise.resolve() : activateLanguage(firstLanguage);

/**
 * Adds a lazily loaded namespace; awaited (top-level) by the module of the pages that use it, so those
 * pages render once the active language's file of the namespace has arrived too.
 */
export async function registerStrings<Name extends keyof LazyResources>(
  namespace: Name,
  strings: LazyResources[Name],
): Promise<void> {
  if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) {
    i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, strings);
  }
  namespacesInUse.add(namespace);
  const languages = new Set([activeLanguage(), arrivingLanguage ?? activeLanguage()]);
  await Promise.all([...languages].map((language) => loadNamespace(language, namespace)));
}

export { i18n };
