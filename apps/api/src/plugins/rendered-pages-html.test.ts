import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, localizedPath } from '@puja/contract';
import { HtmlValidate } from 'html-validate';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { PageRendererModule } from './page-renderer.ts';

/**
 * Every public page the server renders, in every language, is valid HTML by a validator nobody here
 * wrote (html-validate's rules for the HTML standard and a whole document; issue 31, item 3), and can be
 * found in every language (docs/decisions/047). The pages are rendered from the web app's source, loaded
 * through Vite as `vite build --ssr` would bundle it, into the shell index.html is.
 */

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));
const PUBLIC_URL = 'https://puja.example.org';
let vite: ViteDevServer;
let harness: TestApp;
let webDist: string;

beforeAll(async () => {
  vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
    plugins: [
      {
        // The build bundles every dependency into one file; loaded here, Node imports them as they are.
        name: 'dependencies-from-node-modules',
        configResolved(config) {
          config.ssr.noExternal = [];
          if (config.environments.ssr) config.environments.ssr.resolve.noExternal = [];
        },
      },
    ],
  });
  const pageRenderer = (await vite.ssrLoadModule('/src/entry-server.tsx')) as PageRendererModule;
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-web-dist-'));
  await fs.copyFile(path.join(webRoot, 'index.html'), path.join(webDist, 'index.html'));
  harness = await createTestApp({ webDistDirectory: webDist, pageRenderer, env: { PUBLIC_URL } });
  const { db } = harness.database;
  const kopan = await insertMonastery(db, { slug: 'kopan-monastery', name: 'Kopan Monastery' });
  const tara = await insertPuja(db, { slug: 'tara-puja', name: 'Green Tara Puja' });
  await offer(db, kopan.id, tara.id, 5100);
}, 300_000);

afterAll(async () => {
  await harness?.close();
  await vite?.close();
  if (webDist) await fs.rm(webDist, { recursive: true, force: true });
});

const PAGES = [
  '/',
  '/monasteries',
  '/pujas',
  '/monastery/kopan-monastery',
  '/puja/tara-puja',
  '/about',
  '/contact',
  '/faq',
  '/terms',
  '/privacy',
  '/refunds',
  '/monastery/no-such-monastery',
];

const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  // Subresource integrity guards files from another origin; every script here is the site's own.
  rules: { 'require-sri': 'off' },
});

describe('the rendered pages', () => {
  it.each(
    LANGUAGES.flatMap((language) => PAGES.map((page) => ({ language, url: localizedPath(page, language) }))),
  )('$url is valid HTML', async ({ url }) => {
    const response = await harness.app.inject(url);
    expect(response.statusCode, url).toBe(url.includes('no-such') ? 404 : 200);
    const report = await validator.validateString(response.body);
    const errors = report.results.flatMap((result) =>
      result.messages.map(
        (message) => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`,
      ),
    );
    expect(errors).toEqual([]);
  });
});

/** The `<link>` and `<meta>` tags of a page's head, by what they say. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = [...head.matchAll(/<(?:link|meta)\b[^>]*>/g)].map(([tag]) => tag);
  return {
    alternates: Object.fromEntries(
      tags
        .filter((tag) => tag.includes('rel="alternate"'))
        .map((tag) => [attribute(tag, 'hreflang'), attribute(tag, 'href')]),
    ),
    canonical: tags.filter((tag) => tag.includes('rel="canonical"')).map((tag) => attribute(tag, 'href')),
    meta: (key: string) =>
      tags
        .filter((tag) => tag.includes(`property="${key}"`) || tag.includes(`name="${key}"`))
        .map((tag) => attribute(tag, 'content')),
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    jsonLd: JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1] ?? 'null'),
  };
}

describe('every public page in every language, findable (docs/decisions/047)', () => {
  it('names its address in each language, English as x-default, and itself as canonical', async () => {
    for (const page of PAGES.filter((path) => !path.includes('no-such'))) {
      const addresses = Object.fromEntries(
        LANGUAGES.map((language) => [language, `${PUBLIC_URL}${localizedPath(page, language)}`]),
      );
      for (const language of LANGUAGES) {
        const url = localizedPath(page, language);
        const head = headOf((await harness.app.inject(url)).body);
        expect(head.lang, url).toBe(language);
        expect(head.alternates, url).toEqual({ ...addresses, 'x-default': addresses.en });
        expect(head.canonical, url).toEqual([addresses[language]]);
        expect(head.meta('og:url'), url).toEqual([addresses[language]]);
      }
    }
  });

  it('writes og:locale as Open Graph does, and each information page with its own title and description', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [language, locale] of [
      ['en', 'en_US'],
      ['ne', 'ne_NP'],
      ['zh-Hant', 'zh_TW'],
    ] as const) {
      const about = headOf((await harness.app.inject(localizedPath('/about', language))).body);
      expect(about.meta('og:locale')).toEqual([locale]);
      expect(about.meta('og:locale:alternate')).toHaveLength(2);
      expect(about.jsonLd).toMatchObject({ '@type': 'AboutPage', inLanguage: language });
      for (const page of ['/about', '/contact', '/faq', '/terms', '/privacy', '/refunds']) {
        const head = headOf((await harness.app.inject(localizedPath(page, language))).body);
        titles.add(head.title!);
        expect(head.meta('description'), page).toHaveLength(1);
        descriptions.add(head.meta('description')[0]!);
      }
    }
    // Six pages in three languages: eighteen titles and descriptions, none shared.
    expect(titles.size).toBe(18);
    expect(descriptions.size).toBe(18);
  });

  it('types a puja’s monasteries as organisations, which schema.org allows as a provider', async () => {
    const { jsonLd } = headOf((await harness.app.inject('/ne/puja/tara-puja')).body);
    expect(jsonLd['@type']).toBe('Service');
    expect(jsonLd.provider).toEqual([
      { '@type': 'Organization', name: 'Kopan Monastery', url: `${PUBLIC_URL}/ne/monastery/kopan-monastery` },
    ]);
  });

  it('sends a visitor without a language in the address to their own, and says what that depends on', async () => {
    const asked = [
      [{ cookie: 'lang=ne' }, '/ne/monastery/kopan-monastery?q=tara'],
      [{ 'accept-language': 'zh-TW,zh;q=0.9' }, '/zh-Hant/monastery/kopan-monastery?q=tara'],
      // The cookie (the person's choice) wins over what the browser asks for.
      [{ cookie: 'lang=en', 'accept-language': 'ne' }, undefined],
      [{}, undefined],
    ] as const;
    for (const [headers, location] of asked) {
      const response = await harness.app.inject({ url: '/monastery/kopan-monastery?q=tara', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(location ? 302 : 200);
      expect(response.headers.location).toBe(location);
      expect(String(response.headers.vary)).toMatch(/Cookie, Accept-Language/);
    }
    // An address with a language is that language's page whoever asks: nothing to vary on.
    const nepali = await harness.app.inject({
      url: '/ne/monastery/kopan-monastery',
      headers: { cookie: 'lang=zh-Hant', 'accept-language': 'en' },
    });
    expect(nepali.statusCode).toBe(200);
    expect(headOf(nepali.body).lang).toBe('ne');
    expect(String(nepali.headers.vary ?? '')).not.toMatch(/Cookie|Accept-Language/);
    // Pages that are not public keep one address in every language.
    const orders = await harness.app.inject({ url: '/orders', headers: { cookie: 'lang=ne' } });
    expect(orders.statusCode).toBe(200);
  });
});
