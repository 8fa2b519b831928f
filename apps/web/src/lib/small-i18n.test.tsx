// The app's strings runtime answers every key of every catalogue as i18next itself does (docs/decisions/043).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, render, screen } from '@testing-library/react';
import aliased from 'i18next';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import small from './small-i18n.ts';

// The package itself, not the alias the web build and these tests give `i18next` (vite.config.ts).
const i18next = createRequire(import.meta.url)('i18next') as typeof import('i18next').default;

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const languages = ['en', 'ne', 'zh-Hant'];
type Catalogue = { [key: string]: unknown };
const resources: Record<string, Record<string, Catalogue>> = {};
for (const language of languages) {
  resources[language] = {};
  for (const file of readdirSync(path.join(localesDir, language))) {
    const strings = JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Catalogue;
    (resources[language] as Record<string, Catalogue>)[file.replace(/\.json$/, '')] = strings;
  }
}
const namespaces = Object.keys(resources.en ?? {});

/** Every path in a catalogue: its strings and the objects holding them (asked for with returnObjects). */
function paths(catalogue: unknown, prefix = ''): { key: string; leaf: boolean }[] {
  if (catalogue === null || typeof catalogue !== 'object') return [{ key: prefix, leaf: true }];
  const inner = Object.entries(catalogue).flatMap(([name, value]) =>
    paths(value, prefix ? `${prefix}.${name}` : name),
  );
  return prefix ? [{ key: prefix, leaf: false }, ...inner] : inner;
}

const values = {
  name: 'Tara',
  number: 42,
  time: '06:30',
  subject: 'Order 7',
  actor: 'Pema',
  date: '27 Nov',
  amount: 'NPR 1,000',
  max: 500,
  id: 'abc',
  page: 'Pujas',
};

const options: { [name: string]: unknown }[] = [
  {},
  values,
  { ...values, count: 0 },
  { ...values, count: 1 },
  { ...values, count: 2 },
  { ...values, count: 5 },
  { count: 1 },
];

async function setUp() {
  const real = i18next.createInstance();
  await real.init({
    lng: 'en',
    fallbackLng: 'en',
    load: 'currentOnly',
    defaultNS: 'common',
    ns: namespaces,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  await small.init({ lng: 'en', fallbackLng: 'en', defaultNS: 'common', resources });
  return real;
}

describe('small-i18n', () => {
  it('is what `i18next` resolves to in these tests, as in the build', () => {
    expect(aliased).toBe(small);
  });

  it('answers every key in every language as i18next does', async () => {
    const real = await setUp();
    let compared = 0;
    const differences: unknown[] = [];
    for (const language of languages) {
      await real.changeLanguage(language);
      await small.changeLanguage(language);
      for (const namespace of namespaces) {
        const keys = paths(resources.en?.[namespace]).map(({ key, leaf }) => ({
          // Plural forms are asked for by their bare key and a count.
          key: leaf ? key.replace(/_(zero|one|two|few|many|other)$/, '') : key,
          leaf,
        }));
        const realT = real.getFixedT(null, namespace as never);
        const smallT = small.getFixedT(null, namespace);
        for (const { key, leaf } of keys) {
          for (const option of leaf ? options : [{ returnObjects: true }]) {
            // Compared as JSON and reported together: one expect per answer is slow on a busy machine.
            const mine = JSON.stringify(smallT(key, option));
            const theirs = JSON.stringify(realT(key as never, option as never));
            if (mine !== theirs)
              differences.push({ at: `${language} ${namespace}:${key}`, option, mine, theirs });
            compared++;
          }
        }
        const first = keys.find((entry) => entry.leaf)?.key ?? '';
        expect(small.t(`${namespace}:${first}`, values)).toEqual(
          real.t(`${namespace}:${first}` as never, values),
        );
        expect(small.t(first, { ...values, ns: namespace })).toEqual(
          real.t(first as never, { ...values, ns: namespace }),
        );
      }
    }
    expect(small.t('no.such.key')).toEqual(real.t('no.such.key' as never));
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(20_000);
    // About 29,500 answers from each: 20 s on a busy machine, twice that beside a Lighthouse run.
  }, 180_000);

  it('searches a list of namespaces in order, each in the language then English', async () => {
    const real = await setUp();
    for (const language of languages) {
      await real.changeLanguage(language);
      await small.changeLanguage(language);
      for (const key of ['close', 'loading', 'appName', 'loginLayout.heading', 'no.such']) {
        expect(small.getFixedT(null, ['common', 'auth'])(key)).toEqual(
          real.getFixedT(null, ['common', 'auth'])(key as never),
        );
        expect(small.getFixedT(null, ['auth', 'common'])(key)).toEqual(
          real.getFixedT(null, ['auth', 'common'])(key as never),
        );
      }
    }
  });

  it('tells its listeners and answers in the language it was changed to', async () => {
    await setUp();
    const heard: string[] = [];
    const listener = (language: string) => heard.push(language);
    small.on('languageChanged', listener);
    await small.changeLanguage('ne');
    await small.changeLanguage('ne');
    small.off('languageChanged', listener);
    await small.changeLanguage('en');
    expect(heard).toEqual(['ne']);
    expect(small.language).toBe('en');
    expect(small.getFixedT('zh-Hant', 'common')('appName')).toBe(resources['zh-Hant']?.common?.appName);
  });
});

function Strings() {
  const { t } = useTranslation(['common', 'auth'] as never);
  return (
    <p>
      {t('appName' as never)} / {t('auth:loginLayout.heading' as never)} / {t('loginLayout.heading' as never)}
    </p>
  );
}

describe('useTranslation', () => {
  it('reads the first namespace (others as ns:key) and renders again in a new language', async () => {
    await setUp();
    render(<Strings />);
    const en = resources.en as Record<string, Catalogue>;
    const ne = resources.ne as Record<string, Catalogue>;
    const heading = (strings: Record<string, Catalogue>) =>
      (strings.auth?.loginLayout as Catalogue | undefined)?.heading;
    expect(
      screen.getByText(`${en.common?.appName} / ${heading(en)} / loginLayout.heading`),
    ).toBeInTheDocument();
    await act(() => small.changeLanguage('ne'));
    expect(
      screen.getByText(`${ne.common?.appName} / ${heading(ne)} / loginLayout.heading`),
    ).toBeInTheDocument();
    await act(() => small.changeLanguage('en'));
  });
});
