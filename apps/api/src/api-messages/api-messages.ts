import { formatRupees, type Language, ORDER_STATUSES, type OrderStatus } from '@puja/contract';
import { en } from './en.ts';
import { ne, neOrderStatuses } from './ne.ts';
import { zhHant, zhHantOrderStatuses } from './zh-Hant.ts';

/**
 * The API's answers in the request's language (docs/decisions/018): services and schemas speak English, and
 * one step before an answer is serialised (plugins/errors.ts) swaps a known English message for its
 * translation. A message may carry values as `{placeholders}`; the translation keeps each value, written
 * the language's way when it is a number, an amount, a country or an order's status. Unknown texts pass
 * unchanged.
 */
export type ApiMessageKey = keyof typeof en;
export type ApiMessageCatalogue = Record<ApiMessageKey, string>;
/** How each language names an order's state inside a sentence (`This order is {status}.`). */
export type OrderStatusWords = Record<OrderStatus | 'closed', string>;

export const API_MESSAGE_CATALOGUES: Record<Language, ApiMessageCatalogue> = { en, ne, 'zh-Hant': zhHant };
const ORDER_STATUS_WORDS: Record<Exclude<Language, 'en'>, OrderStatusWords> = {
  ne: neOrderStatuses,
  'zh-Hant': zhHantOrderStatuses,
};

/**
 * What a placeholder holds, by its name: `{count}` a whole number, `{amount}` rupees (`Rs. 1,500`),
 * `{country}` a country's English name, `{status}` an order's state, `{order}` an order number (kept, and
 * matched strictly so a sentence about an order is never read as the tail of a longer text); any other
 * name (`{name}`, `{reason}`) is data and is kept exactly as written.
 */
const KINDS = ['count', 'amount', 'country', 'status', 'order'] as const;
type PlaceholderKind = (typeof KINDS)[number] | 'kept';
const kindOf = (name: string): PlaceholderKind =>
  (KINDS as readonly string[]).includes(name) ? (name as PlaceholderKind) : 'kept';

const STATUS_WORDS = [...ORDER_STATUSES, 'closed'] as const;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS: Record<PlaceholderKind, string> = {
  count: '(\\d+)',
  amount: '(Rs\\. \\d[\\d,]*(?:\\.\\d{1,2})?)',
  country: '(.+?)',
  status: `(${STATUS_WORDS.join('|')})`,
  order: '(PJ-[0-9A-Z]+)',
  kept: '([\\s\\S]+?)',
};

/** The locale numbers are written in: Nepali with Devanagari digits, as the web app writes them. */
export const NUMBER_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  ne: 'en-IN-u-nu-deva',
  'zh-Hant': 'zh-Hant-TW',
};

const placeholderNames = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** Fixed texts by their English words; texts with placeholders as patterns that capture the values. */
const FIXED = new Map<string, ApiMessageKey>();
const WITH_VALUES: { pattern: RegExp; key: ApiMessageKey; names: string[] }[] = [];
for (const [key, english] of Object.entries(en) as [ApiMessageKey, string][]) {
  const names = placeholderNames(english);
  if (names.length === 0) {
    FIXED.set(english, key);
    continue;
  }
  const source = escapeRegExp(english).replace(/\\\{(\w+)\\\}/g, (_, name: string) => PATTERNS[kindOf(name)]);
  WITH_VALUES.push({ key, names, pattern: new RegExp(`^${source}$`) });
}

/** English country names back to their region codes, to name the country in another language. */
let regionsByEnglishName: Map<string, string> | undefined;
function regionOf(englishName: string): string | undefined {
  if (!regionsByEnglishName) {
    regionsByEnglishName = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters)
      for (const second of letters) {
        const name = names.of(first + second);
        if (name) regionsByEnglishName.set(name, first + second);
      }
  }
  return regionsByEnglishName.get(englishName);
}

/** One value in `language`: the English value itself when it is data or cannot be read. */
function formatValue(name: string, value: string, language: Language): string {
  switch (kindOf(name)) {
    case 'count':
      return Number(value).toLocaleString(NUMBER_LOCALES[language], { useGrouping: false });
    case 'amount':
      return formatRupees(Number(value.replace(/^Rs\. /, '').replaceAll(',', '')), NUMBER_LOCALES[language]);
    case 'country': {
      const region = language === 'en' ? undefined : regionOf(value);
      return region ? (new Intl.DisplayNames([language], { type: 'region' }).of(region) ?? value) : value;
    }
    case 'status':
      return language === 'en' ? value : ORDER_STATUS_WORDS[language][value as OrderStatus | 'closed'];
    case 'order':
    case 'kept':
      return value;
  }
}

const fill = (template: string, values: (name: string) => string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values(name));

type PlaceholdersOf<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;
type ValueOf<Name extends string> = Name extends 'count' | 'amount' ? number : string;
export type ApiMessageValues<Key extends ApiMessageKey> = {
  [Name in PlaceholdersOf<(typeof en)[Key]>]: ValueOf<Name>;
};

/**
 * The English message `key` with its values (`{ amount: 1500 }` → `Rs. 1,500`): how a service writes a
 * message that carries values, so the English text exists once (en.ts) and translateApiMessage can read
 * the values back out of it.
 */
export function apiMessage<Key extends ApiMessageKey>(key: Key, values: ApiMessageValues<Key>): string {
  const given = values as Record<string, string | number>;
  return fill(en[key], (name) => {
    const value = given[name]!;
    if (kindOf(name) === 'amount') return formatRupees(Number(value), NUMBER_LOCALES.en);
    return String(value);
  });
}

/** The catalogue's key of an English text and the values it carries, when the catalogue knows it. */
export function findApiMessage(
  text: string,
): { key: ApiMessageKey; values: Record<string, string> } | undefined {
  const key = FIXED.get(text);
  if (key) return { key, values: {} };
  for (const { pattern, key: patternKey, names } of WITH_VALUES) {
    const match = pattern.exec(text);
    if (match)
      return { key: patternKey, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
}

/** How sentences follow one another: Chinese sentences end in `。` and take no space. */
const SENTENCE_SEPARATORS: Record<Language, string> = { en: ' ', ne: ' ', 'zh-Hant': '' };

/** The English `text` in `language` when the catalogue knows it, else `text` itself. */
export function translateApiMessage(text: string, language: Language | undefined): string {
  if (!language || language === 'en') return text;
  const whole = translateOne(text, language);
  if (whole !== undefined) return whole;
  // A message made of several known sentences, such as the account deletion's refusal followed by one
  // sentence per order that holds money: each sentence translates on its own, or the text stays English.
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  if (sentences.length < 2) return text;
  const translated = sentences.map((sentence) => translateOne(sentence, language));
  return translated.every((sentence) => sentence !== undefined)
    ? translated.join(SENTENCE_SEPARATORS[language])
    : text;
}

function translateOne(text: string, language: Language): string | undefined {
  const found = findApiMessage(text);
  if (!found) return undefined;
  return fill(API_MESSAGE_CATALOGUES[language][found.key], (name) =>
    formatValue(name, found.values[name]!, language),
  );
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
