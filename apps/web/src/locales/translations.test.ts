import { LANGUAGES, REFUND_WITHIN_DAYS } from '@puja/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every language has every string of English, and nothing else (docs/decisions/018): a key missing or left
 * over, a placeholder or a tag lost in translation, or a text left in English fails here.
 */

type Strings = { [key: string]: string | Strings };
const files = import.meta.glob<Strings>('./*/*.json', { eager: true, import: 'default' });

/** The namespaces, as English has them. */
const NAMESPACES = Object.keys(files)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.slice('./en/'.length, -'.json'.length))
  .sort();
const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');

/**
 * Texts that are the same in every language: names of brands and payment wallets, the shape of an order
 * number. Anything else equal to
 * English is untranslated.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['eSewa', 'Khalti', 'OK', 'PJ-…', 'WhatsApp']);

/** Plural forms each language uses (Intl.PluralRules), which i18next appends to a key as `_one`, `_other`… */
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(strings: Strings, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [innerKey, innerValue] of flatten(value, path)) flat.set(innerKey, innerValue);
  }
  return flat;
}

/** English's keys as another language must have them: each plural key with that language's forms. */
function expectedKeys(english: Map<string, string>, language: string): string[] {
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const plural = PLURAL_SUFFIX.exec(key);
    if (!plural) keys.add(key);
    else for (const form of pluralForms(language)) keys.add(key.replace(PLURAL_SUFFIX, `_${form}`));
  }
  return [...keys].sort();
}

/** `{{name}}` placeholders, `$t(…)` nestings and `<0>`/`<strong>` tags, each kind sorted. */
function markersOf(text: string): string[] {
  const placeholders = text.match(/{{\s*[\w.]+\s*(,[^}]*)?}}/g) ?? [];
  const nestings = text.match(/\$t\([^)]*\)/g) ?? [];
  const tags = text.match(/<\/?\w+\s*\/?>/g) ?? [];
  return [...placeholders.map((marker) => marker.replace(/\s/g, '')), ...nestings, ...tags].sort();
}

/** Whether a text has words to translate once its placeholders are taken out (`{{puja}} · {{number}}` has none). */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/{{[^}]*}}/g, '').replace(/<[^>]*>/g, ''));

/** The English of a key; a plural form English lacks (`_few`) compares with English's `_other`. */
function englishOf(namespace: string, key: string): string | undefined {
  const english = flatten(files[`./en/${namespace}.json`] ?? {});
  return english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
}

describe('translations', () => {
  it('has the nine namespaces of English in every language, and no other', () => {
    expect(NAMESPACES.length).toBeGreaterThanOrEqual(9);
    for (const language of OTHER_LANGUAGES) {
      const namespaces = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length, -'.json'.length))
        .sort();
      expect(namespaces, language).toEqual(NAMESPACES);
    }
  });

  describe.each(OTHER_LANGUAGES)('%s', (language) => {
    it.each(NAMESPACES)('%s has every key of English and no other', (namespace) => {
      const english = flatten(files[`./en/${namespace}.json`] ?? {});
      const translated = flatten(files[`./${language}/${namespace}.json`] ?? {});
      expect([...translated.keys()].sort()).toEqual(expectedKeys(english, language));
    });

    it.each(NAMESPACES)('%s keeps every placeholder and tag of English', (namespace) => {
      const translated = flatten(files[`./${language}/${namespace}.json`] ?? {});
      const lost = [...translated].filter(
        ([key, text]) => markersOf(text).join(' ') !== markersOf(englishOf(namespace, key) ?? '').join(' '),
      );
      expect(lost.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    });

    it.each(NAMESPACES)('%s leaves no text in English', (namespace) => {
      const translated = flatten(files[`./${language}/${namespace}.json`] ?? {});
      const untranslated = [...translated].filter(
        ([key, text]) =>
          text === englishOf(namespace, key) && hasWords(text) && !SAME_IN_EVERY_LANGUAGE.has(text),
      );
      expect(untranslated.map(([key]) => key)).toEqual([]);
      const blank = [...translated].filter(([key, text]) => text.trim() === '' && englishOf(namespace, key));
      expect(blank.map(([key]) => key)).toEqual([]);
    });
  });

  it('knows which plural forms each language needs', () => {
    expect(pluralForms('ne')).toEqual(['one', 'other']);
    expect(pluralForms('zh-Hant')).toEqual(['other']);
  });
});

describe('the refund policy’s promise', () => {
  it('states in every language the days the server counts for a decline’s refund (REFUND_WITHIN_DAYS)', () => {
    for (const language of LANGUAGES) {
      const page = (
        files[`./${language}/info-pages.json`] as unknown as {
          refunds: { sections: { paragraphs: string[] }[] };
        }
      ).refunds;
      const text = page.sections.flatMap((section) => section.paragraphs).join(' ');
      const days = language === 'ne' ? toNepaliDigits(REFUND_WITHIN_DAYS) : String(REFUND_WITHIN_DAYS);
      expect(text, language).toMatch(new RegExp(`(^|\\D)${days}\\s?(days|दिन|天)`));
    }
  });
});

function toNepaliDigits(value: number): string {
  return String(value).replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!);
}
