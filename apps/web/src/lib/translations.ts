import type { Language } from '@puja/contract';

/**
 * Every other language's strings, one chunk per language and namespace (docs/decisions/018): a visitor in
 * Nepali downloads the Nepali namespaces the pages need and nothing of Chinese. English is bundled
 * (lib/i18n.ts); this module itself is loaded only for another language.
 */
const translations = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);

/** A namespace's strings in `language`, or undefined when it has none. */
export async function loadTranslation(
  language: Language,
  namespace: string,
): Promise<Record<string, unknown> | undefined> {
  const load = translations[`../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : undefined;
}
