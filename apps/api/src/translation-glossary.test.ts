import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_MESSAGE_CATALOGUES } from './api-messages/api-messages.ts';
import { neOrderStatuses } from './api-messages/ne.ts';
import { zhHantOrderStatuses } from './api-messages/zh-Hant.ts';
import { NOTICE_CATALOGUES } from './notices/notices.ts';

/**
 * One word per concept in each language (issue 29): docs/translation-glossary.json names, for Nepali and
 * Chinese, the word each concept takes and the synonyms no text may use. Every string a person can read
 * is checked: the web app's (apps/web/src/locales), the API's messages and the SMS and e-mail notices.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
interface Entry {
  concept: string;
  use: string;
  avoid: string[];
  allowed?: string[];
}
const glossary = JSON.parse(
  fs.readFileSync(path.join(root, 'docs/translation-glossary.json'), 'utf8'),
) as Record<'ne' | 'zh-Hant', Entry[]>;

/** Every string in a nested object, named by its path. */
function stringsOf(value: unknown, name: string): [string, string][] {
  if (typeof value === 'string') return [[name, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => stringsOf(inner, `${name}.${key}`));
  return [];
}

function textsIn(language: 'ne' | 'zh-Hant'): [string, string][] {
  const localeFolder = path.join(root, 'apps/web/src/locales', language);
  const web = fs
    .readdirSync(localeFolder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      stringsOf(JSON.parse(fs.readFileSync(path.join(localeFolder, file), 'utf8')), `web ${file}`),
    );
  const statuses = language === 'ne' ? neOrderStatuses : zhHantOrderStatuses;
  return [
    ...web,
    ...stringsOf(API_MESSAGE_CATALOGUES[language], 'api'),
    ...stringsOf(statuses, 'api statuses'),
    ...stringsOf(NOTICE_CATALOGUES[language], 'notices'),
  ];
}

/** The avoided words a text uses, outside the phrases where they mean something else. */
function misusedWords(text: string, entry: Entry): string[] {
  let rest = text;
  for (const phrase of entry.allowed ?? []) rest = rest.split(phrase).join('');
  return entry.avoid.filter((word) => rest.includes(word));
}

describe.each(['ne', 'zh-Hant'] as const)('the %s glossary', (language) => {
  const texts = textsIn(language);

  it('reads more than a handful of texts (the web app, the API, the notices)', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  it.each(glossary[language].map((entry) => [entry.concept, entry] as const))(
    '"%s": one word, never its synonyms',
    (_concept, entry) => {
      // The word chosen is in use: a glossary of words nobody writes would check nothing.
      expect(texts.some(([, text]) => text.includes(entry.use))).toBe(true);
      const misused = texts
        .map(([name, text]) => [name, text, misusedWords(text, entry)] as const)
        .filter(([, , words]) => words.length > 0)
        .map(([name, text, words]) => `${name}: ${words.join(', ')} in "${text}"`);
      expect(misused).toEqual([]);
    },
  );
});

describe('the check itself', () => {
  const approve = glossary['zh-Hant'].find((entry) => entry.use === '核准')!;

  it('finds a synonym, and lets an avoided word stand where it means something else', () => {
    expect(misusedWords('寺院已接受您的法會。', approve)).toEqual(['接受']);
    expect(misusedWords('我們不接受信用卡。', approve)).toEqual([]);
    expect(misusedWords('寺院已核准您的法會。', approve)).toEqual([]);
  });
});
