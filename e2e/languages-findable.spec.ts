import { expect, test } from './fixtures.ts';

/**
 * Every public page has an address in each language (docs/decisions/047, issue 31 item 4): a crawler that
 * sends no cookie and no Accept-Language finds the English pages at the root and every other language
 * through their hreflang links; a reader opening a Nepali address gets the Nepali page, whoever they are.
 */

const LANGUAGES = ['en', 'ne', 'zh-Hant'] as const;

/** The hreflang links of a page's head, by language. */
function alternates(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return Object.fromEntries(
    [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(([, lang, href]) => [
      lang!,
      href!,
    ]),
  );
}

test('a crawler without cookies or Accept-Language finds every language through hreflang', async ({
  playwright,
  baseURL,
}) => {
  // A bare HTTP client: no cookie jar of a browser, no Accept-Language.
  const crawler = await playwright.request.newContext({ baseURL, extraHTTPHeaders: {} });
  const seen = new Map<string, string>();
  const queue = ['/', '/monastery/kopan-monastery', '/about'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const response = await crawler.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? '';
    seen.set(path, lang);
    const links = alternates(html);
    expect(Object.keys(links).sort(), path).toEqual([...LANGUAGES, 'x-default'].sort());
    for (const href of Object.values(links)) queue.push(new URL(href).pathname);
  }
  // Each page found in each language, each address answering in its own.
  expect(seen.get('/')).toBe('en');
  expect(seen.get('/ne')).toBe('ne');
  expect(seen.get('/zh-Hant')).toBe('zh-Hant');
  expect(seen.get('/ne/monastery/kopan-monastery')).toBe('ne');
  expect(seen.get('/zh-Hant/monastery/kopan-monastery')).toBe('zh-Hant');
  expect(seen.get('/zh-Hant/about')).toBe('zh-Hant');
  await crawler.dispose();
});

test('/ne/monastery/kopan-monastery signed out is the Nepali page, and its links stay in Nepali', async ({
  page,
}) => {
  await page.goto('/ne/monastery/kopan-monastery');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('heading', { name: 'यहाँ गरिने पूजाहरू' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'भाषा' })).toHaveValue('ne');

  // A link inside the language stays in it.
  await page.getByRole('banner').getByRole('link', { name: 'पूजाहरू' }).click();
  await expect(page).toHaveURL(/\/ne\/pujas$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');

  // The language switch moves to the same page's address in the language chosen.
  await page.getByRole('combobox', { name: 'भाषा' }).selectOption('zh-Hant');
  await expect(page).toHaveURL(/\/zh-Hant\/pujas$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await page.getByRole('combobox', { name: '語言' }).selectOption('en');
  await expect(page).toHaveURL(/\/pujas$/);
  await expect(page).not.toHaveURL(/zh-Hant/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

/**
 * The catalogue in the reader's language (docs/decisions/049, issue 31 item 5): the names and descriptions
 * entered in Nepali on the page the server renders, in its head, and on the page once the app runs; the
 * English where none was entered; the search finding Nepali words.
 */
test('a Nepali reader signed out reads Kopan’s and its pujas’ Nepali names and descriptions', async ({
  page,
  playwright,
  baseURL,
}) => {
  // As the server renders it, before any script: the crawler's view.
  const crawler = await playwright.request.newContext({ baseURL, extraHTTPHeaders: {} });
  const html = await (await crawler.get('/ne/monastery/kopan-monastery')).text();
  expect(html).toContain('<title>कोपन गुम्बा');
  expect(html).toContain('गेलुग परम्पराको गुम्बा');
  await crawler.dispose();

  await page.goto('/ne/monastery/kopan-monastery');
  await expect(page.getByRole('heading', { level: 1, name: 'कोपन गुम्बा' })).toBeVisible();
  await expect(page.getByText(/^काठमाडौं उपत्यकामा बौद्धनाथको उत्तरतर्फको डाँडामा/)).toBeVisible();
  const cards = page.getByTestId('offering-card');
  await expect(cards.getByRole('heading', { name: 'हरित तारा पूजा', exact: true })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'घिउ बत्ती अर्पण', exact: true })).toBeVisible();
  // A puja with no Nepali name entered is read in English.
  await expect(
    cards.getByRole('heading', { name: 'Amitabha Puja for the Departed', exact: true }),
  ).toBeVisible();

  // Searching a Nepali word finds the puja by its Nepali name.
  await page.getByRole('textbox', { name: 'नामबाट पूजा खोज्नुहोस्' }).fill('तारा');
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole('heading', { name: 'सेतो तारा दीर्घायु पूजा', exact: true })).toBeVisible();

  // In Chinese, the Chinese names.
  await page.goto('/zh-Hant/pujas');
  await expect(page.getByRole('link', { name: '綠度母法會' })).toBeVisible();
  await page.goto('/zh-Hant');
  await expect(page.getByRole('link', { name: '柯槃寺' })).toBeVisible();
});
