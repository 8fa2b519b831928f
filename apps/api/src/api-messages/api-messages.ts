import type { Language } from '@puja/contract';
import { en } from './en.ts';
import { ne } from './ne.ts';
import { zhHant } from './zh-Hant.ts';

/**
 * The API's answers in the request's language (docs/decisions/018): services and schemas speak English, and
 * one step before an answer is serialised (plugins/errors.ts) swaps a known English message for its
 * translation. Unknown texts (a zod default, a staff- or machine-only message) pass unchanged.
 */
export type ApiMessageKey = keyof typeof en;
export type ApiMessageCatalogue = Record<ApiMessageKey, string>;

export const API_MESSAGE_CATALOGUES: Record<Language, ApiMessageCatalogue> = { en, ne, 'zh-Hant': zhHant };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fixed texts by their English words; texts with a `{count}` as a pattern that captures the number. */
const FIXED = new Map<string, ApiMessageKey>();
const COUNTED: { pattern: RegExp; key: ApiMessageKey }[] = [];
for (const [key, english] of Object.entries(en) as [ApiMessageKey, string][]) {
  if (!english.includes('{count}')) FIXED.set(english, key);
  else
    COUNTED.push({ key, pattern: new RegExp(`^${escapeRegExp(english).replace('\\{count\\}', '(\\d+)')}$`) });
}

/** The English `text` in `language` when the catalogue knows it, else `text` itself. */
export function translateApiMessage(text: string, language: Language | undefined): string {
  if (!language || language === 'en') return text;
  const catalogue = API_MESSAGE_CATALOGUES[language];
  const key = FIXED.get(text);
  if (key) return catalogue[key];
  for (const { pattern, key: countedKey } of COUNTED) {
    const count = pattern.exec(text)?.[1];
    if (count) return catalogue[countedKey].replace('{count}', count);
  }
  return text;
}

/**
 * An answer's top-level `message` and its field `errors` in `language`; other fields (and messages nested in
 * lists, such as an order's conversation) are the data's own and stay as they are.
 */
export function translateAnswer(payload: unknown, language: Language | undefined): unknown {
  if (!language || language === 'en' || typeof payload !== 'object' || payload === null) return payload;
  if (Array.isArray(payload) || !('message' in payload || 'errors' in payload)) return payload;
  const { message, errors } = payload as { message?: unknown; errors?: unknown };
  const translated: Record<string, unknown> = { ...payload };
  if (typeof message === 'string') translated.message = translateApiMessage(message, language);
  if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) {
    const fields: Record<string, unknown> = Object.create(null);
    for (const [field, texts] of Object.entries(errors))
      fields[field] = Array.isArray(texts)
        ? texts.map((text) => (typeof text === 'string' ? translateApiMessage(text, language) : text))
        : texts;
    translated.errors = fields;
  }
  return translated;
}
