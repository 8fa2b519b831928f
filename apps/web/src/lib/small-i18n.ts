/**
 * The part of i18next and react-i18next this app uses, in about 1.5 KB gzipped instead of about 18 KB
 * (docs/decisions/043). `vite.config.ts` and the web unit tests resolve `i18next` and `react-i18next` to
 * this module; TypeScript still reads both packages' types, so every key stays checked at compile time.
 *
 * What it does as i18next 26 does, and `small-i18n.test.ts` compares for every key of every catalogue in
 * every language: keys as dotted paths in nested catalogues; `ns:key` and `{ ns }`; the language, then
 * English (namespaces outer, languages inner); `{ count }` with the language's plural rules (`_one`,
 * `_other`, `_zero` for 0), then the key itself; `{{name}}` and `{{a.b}}` filled (unescaped: React escapes),
 * a placeholder with no value kept; `{ returnObjects }`; a missing key answered with the key. Not supported, because
 * nothing here uses them: context, nesting (`$t(…)`), formats (`{{x, number}}`), ordinals, `<Trans>`,
 * backends and language detection.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';

type Catalogue = { [key: string]: unknown };
type Options = { [name: string]: unknown };
type Listener = (language: string) => void;

interface InitOptions {
  lng: string;
  fallbackLng: string;
  defaultNS: string;
  resources?: Record<string, Record<string, Catalogue>>;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralSuffix(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return `_${rules.select(count)}`;
}

function valueAt(source: unknown, path: string): unknown {
  let value = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Catalogue)[part];
  }
  return value;
}

function fill(text: string, options: Options): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const path = name.trim();
    const value = valueAt(options, path);
    // A value not passed at all leaves its placeholder, as i18next does; one passed empty is left out.
    if (value === undefined && !Object.hasOwn(options, path)) return placeholder;
    return value === undefined || value === null ? '' : String(value);
  });
}

function fillAll(value: unknown, options: Options): unknown {
  if (typeof value === 'string') return fill(value, options);
  if (Array.isArray(value)) return value.map((item) => fillAll(item, options));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fillAll(item, options)]));
  }
  return value;
}

export type SmallTFunction = (key: string, options?: Options) => string;

class SmallI18n {
  language = '';
  private fallback = 'en';
  private defaultNS = 'common';
  private store: Record<string, Record<string, Catalogue>> = {};
  private listeners = new Set<Listener>();

  use(_plugin: unknown): this {
    return this;
  }

  init(options: InitOptions): Promise<SmallTFunction> {
    this.fallback = options.fallbackLng;
    this.defaultNS = options.defaultNS;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, strings] of Object.entries(namespaces)) {
        this.addResourceBundle(language, namespace, strings);
      }
    }
    this.language = options.lng;
    return Promise.resolve(this.t);
  }

  on(event: 'languageChanged', listener: Listener): void {
    if (event === 'languageChanged') this.listeners.add(listener);
  }

  off(event: 'languageChanged', listener: Listener): void {
    if (event === 'languageChanged') this.listeners.delete(listener);
  }

  changeLanguage(language: string): Promise<SmallTFunction> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return Promise.resolve(this.t);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.store[language]?.[namespace] !== undefined;
  }

  addResourceBundle(language: string, namespace: string, strings: Catalogue): this {
    const languageStore = this.store[language] ?? {};
    this.store[language] = languageStore;
    languageStore[namespace] = { ...languageStore[namespace], ...strings };
    return this;
  }

  getFixedT(language: string | null, namespaces?: string | readonly string[] | null): SmallTFunction {
    const fixedNamespaces = namespaces ? ([] as string[]).concat(namespaces) : [this.defaultNS];
    return (key, options = {}) => this.translate(key, options, language ?? this.language, fixedNamespaces);
  }

  t: SmallTFunction = (key, options = {}) => this.translate(key, options, this.language, [this.defaultNS]);

  private translate(key: string, options: Options, language: string, namespaces: string[]): string {
    let lookupKey = key;
    let lookupNamespaces = options.ns ? ([] as string[]).concat(options.ns as string | string[]) : namespaces;
    const separator = key.indexOf(':');
    if (separator > 0) {
      lookupNamespaces = [key.slice(0, separator)];
      lookupKey = key.slice(separator + 1);
    }
    const requested = typeof options.lng === 'string' ? options.lng : language;
    const languages = requested === this.fallback ? [requested] : [requested, this.fallback];
    const count = typeof options.count === 'number' ? options.count : undefined;
    for (const namespace of lookupNamespaces) {
      for (const code of languages) {
        const candidates = [lookupKey];
        if (count !== undefined) {
          candidates.push(lookupKey + pluralSuffix(code, count));
          if (count === 0) candidates.push(`${lookupKey}_zero`);
        }
        // The most specific first, as i18next does: `_zero`, then the plural form, then the bare key.
        for (const candidate of candidates.reverse()) {
          const value = valueAt(this.store[code]?.[namespace], candidate);
          if (value === undefined || value === null) continue;
          if (typeof value === 'string') return fill(value, options);
          if (options.returnObjects) return fillAll(value, options) as string;
        }
      }
    }
    return lookupKey;
  }
}

const i18n = new SmallI18n();
export default i18n;

/** react-i18next's plugin: nothing to register, the hook reads the one instance. */
export const initReactI18next = { type: '3rdParty', init: () => undefined } as const;

const I18nContext = createContext<SmallI18n>(i18n);

export function I18nextProvider({ i18n: instance, children }: { i18n: SmallI18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: instance }, children);
}

function subscribeToLanguage(instance: SmallI18n, onChange: () => void): () => void {
  instance.on('languageChanged', onChange);
  return () => instance.off('languageChanged', onChange);
}

/**
 * react-i18next's hook: `t` for the first of the given namespaces (react-i18next's default `nsMode`; the
 * others are reached as `ns:key`, as the keys' types require), renewed with the language.
 */
export function useTranslation(namespaces?: string | readonly string[]) {
  const instance = useContext(I18nContext);
  const language = useSyncExternalStore(
    (onChange) => subscribeToLanguage(instance, onChange),
    () => instance.language,
    () => instance.language,
  );
  const namespace = namespaces === undefined ? null : (([] as string[]).concat(namespaces)[0] ?? null);
  return useMemo(() => {
    const t = instance.getFixedT(language, namespace);
    const result = [t, instance, true] as unknown as [SmallTFunction, SmallI18n, boolean] & {
      t: SmallTFunction;
      i18n: SmallI18n;
      ready: boolean;
    };
    result.t = t;
    result.i18n = instance;
    result.ready = true;
    return result;
  }, [instance, language, namespace]);
}
