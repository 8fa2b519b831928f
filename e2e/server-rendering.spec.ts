import { expect, test } from './fixtures.ts';
import { appScriptPath, webBuildManifest } from './web-build.ts';

/**
 * The public pages arrive rendered by the server (docs/decisions/017): their HTML, read without running any
 * JavaScript, carries the content, the head a search engine or a shared link reads, and the data the
 * browser hydrates from; an address that names nothing is a real 404.
 */

/** The text a crawler reads: the HTML with its tags, scripts and styles taken out. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const pattern = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return pattern.exec(html)?.[1];
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/**
 * The scripts scripts/report-bundle-size.mjs counts as the home page's JavaScript: the entry of index.html,
 * the app it starts (its dynamic import) and the chunks they import statically, followed through the
 * build's manifest.
 */
function reportedHomePageScripts(): string[] {
  const manifest = webBuildManifest();
  const keys = ['index.html', ...(manifest['index.html']?.dynamicImports ?? [])];
  for (const key of keys) {
    for (const imported of manifest[key]?.imports ?? []) if (!keys.includes(imported)) keys.push(imported);
  }
  return keys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

const pages = [
  {
    path: '/',
    title: 'Monastery Puja',
    texts: ['Tashi Delek', 'Kopan Monastery', 'Green Tara Puja'],
    type: 'WebSite',
  },
  {
    path: '/monasteries',
    title: 'Monasteries | Monastery Puja',
    texts: ['Monasteries in our list', 'Kopan Monastery', 'Tengboche Monastery'],
    type: 'ItemList',
  },
  {
    path: '/pujas',
    title: 'Pujas | Monastery Puja',
    texts: ['Types of pujas', 'Green Tara Puja'],
    type: 'ItemList',
  },
  {
    path: '/monastery/kopan-monastery',
    title: 'Kopan Monastery | Monastery Puja',
    texts: [
      'Kopan Monastery',
      'A Gelug monastery on a hill north of Boudhanath',
      'Pujas offered here',
      'Rs.',
    ],
    type: 'BuddhistTemple',
  },
] as const;

test.describe('server-rendered public pages', () => {
  for (const expected of pages) {
    test(`${expected.path} arrives as HTML with its content and head`, async ({ request }) => {
      const response = await request.get(expected.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${expected.title}</title>`);
      for (const text of expected.texts) expect(visibleText(html)).toContain(text);
      expect(metaContent(html, 'name', 'description')?.length).toBeGreaterThan(40);
      expect(metaContent(html, 'property', 'og:title')).toBeTruthy();
      expect(metaContent(html, 'property', 'og:url')).toMatch(/^https?:\/\//);
      expect(metaContent(html, 'name', 'twitter:card')).toBeTruthy();
      expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+">/);
      expect(jsonLd(html)['@type']).toBe(expected.type);
      expect(html).toContain('<script type="application/json" id="page-data">');
      // The largest picture is fetched before the scripts are in.
      expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="\/images\/[^"]+"/);
      // The first paint's styles are in the page, under its nonce: no style sheet to wait for.
      const policy = response.headers()['content-security-policy'] ?? '';
      const styleNonce = /style-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(styleNonce).toBeTruthy();
      expect(html).toContain(`<style nonce="${styleNonce}">@layer mantine`);
      expect(html).not.toContain('rel="stylesheet"');
      // So are the app's own components' styles, which would otherwise come with its code, later.
      expect(html).toMatch(new RegExp(`<style nonce="${styleNonce}">[^<]*\\._picture_`));
    });
  }

  test('a puja page names its monasteries, prices and picture for a shared link', async ({ request }) => {
    const { pujas } = (await (await request.get('/api/puja')).json()) as {
      pujas: { id: number; name: string; slug: string | null }[];
    };
    const puja = pujas.find((item) => item.name === 'Green Tara Puja')!;
    const response = await request.get(`/puja/${puja.slug ?? puja.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain('Green Tara Puja');
    expect(visibleText(html)).toContain('Rs.');
    const socialCard = metaContent(html, 'property', 'og:image');
    expect(socialCard).toMatch(/^https?:\/\/.+\/og\.jpg$/);
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    const card = await request.get(new URL(socialCard!).pathname);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/jpeg');
    const data = jsonLd(html);
    expect(data['@type']).toBe('Service');
    expect((data.offers as { priceCurrency: string }).priceCurrency).toBe('NPR');
  });

  test('an unknown monastery, puja or address answers a real 404 page', async ({ request }) => {
    for (const path of ['/monastery/no-such-monastery', '/puja/999999', '/no/such/page']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(visibleText(html), path).toContain('404');
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  test('a page comes in the language the browser remembers or asks for, and hydrates in it', async ({
    browser,
  }) => {
    for (const setup of [
      { cookie: 'ne', locale: 'en-US', lang: 'ne', heading: 'यहाँ गरिने पूजाहरू' },
      { cookie: undefined, locale: 'zh-TW', lang: 'zh-Hant', heading: undefined },
    ]) {
      const context = await browser.newContext({ locale: setup.locale });
      if (setup.cookie) {
        await context.addCookies([
          { name: 'lang', value: setup.cookie, url: test.info().project.use.baseURL! },
        ]);
      }
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|Content Security Policy/i.test(message.text()))
          problems.push(message.text());
      });
      const response = await page.goto('/monastery/kopan-monastery');
      expect(await response!.text()).toContain(`<html lang="${setup.lang}"`);
      await expect(page.locator('html')).toHaveAttribute('lang', setup.lang);
      if (setup.heading) await expect(page.getByRole('heading', { name: setup.heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems, JSON.stringify(setup)).toEqual([]);
      await context.close();
    }
  });

  test("the cards and the footer keep the server's HTML: followed as the app's links, drawn anew in another language", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const partsCode = () => scripts.filter((script) => /catalogue-grids|site-footer/.test(script));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Not hydrated (docs/decisions/032): their code is not even asked for.
    expect(partsCode()).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const monasteries = page.locator('[data-static-part="home-monasteries"]');
    await monasteries.getByRole('link', { name: 'Kopan Monastery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kopan Monastery' })).toBeVisible();
    // A move of the app, not a new page load.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Back on the home page, drawn by the browser this time, with the grids' code.
    await page.goBack();
    await expect(monasteries.getByRole('link', { name: 'Kopan Monastery' })).toBeVisible();
    expect(partsCode().length).toBeGreaterThan(0);

    // Another language reaches the kept parts too.
    await page.reload();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ne');
    await expect(page.getByRole('heading', { level: 2, name: 'गुम्बाहरू' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'सबै गुम्बाहरू हेर्नुहोस्' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('मेरो खाता')).toBeVisible();
  });

  test('a visit with JavaScript turned off shows the catalogue', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/monastery/kopan-monastery');
    await expect(page.getByRole('heading', { level: 1, name: 'Kopan Monastery' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pujas offered here' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Kopan Monastery/ }).first()).toBeVisible();
    await context.close();
  });

  test('the browser hydrates the page from the data in it, asking the API for no catalogue data', async ({
    page,
  }) => {
    const catalogueCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(monastery|puja)/.test(request.url())) catalogueCalls.push(request.url());
    });
    await page.goto('/monastery/kopan-monastery');
    await expect(page.getByRole('heading', { level: 1, name: 'Kopan Monastery' })).toBeVisible();
    // Hydrated: the page answers clicks (a search in its pujas filters the list).
    await page.getByRole('textbox', { name: 'Search Puja by name' }).fill('Tara');
    await expect(page.getByRole('heading', { name: 'Green Tara Puja' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(catalogueCalls).toEqual([]);
  });

  test('a rendered page asks for its code only once its main picture has arrived, so the picture has the network to itself', async ({
    page,
  }) => {
    const appScript = appScriptPath();
    // In the order the browser saw them: the app's code asked for, pictures arrived.
    const events: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === appScript) events.push('app code');
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image') events.push(request.url());
    });
    await page.goto('/');
    const mainPicture = await page
      .locator('img[fetchpriority="high"]')
      .first()
      .evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(events.filter((event) => event === 'app code')).toHaveLength(1);
    expect(events.indexOf(mainPicture)).toBeGreaterThanOrEqual(0);
    expect(events.indexOf(mainPicture)).toBeLessThan(events.indexOf('app code'));
  });

  test('the home page downloads, until a visitor acts, just the JavaScript the bundle report counts', async ({
    page,
  }) => {
    // Code loaded by a dynamic import as the page starts (toasts, the footer's parts, zod for a call it
    // makes) is downloaded all the same, and the report, which counts static imports only, would miss it.
    const scripts: string[] = [];
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(pathname.slice(1));
      if (pathname.startsWith('/api/')) apiCalls.push(pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.toSorted()).toEqual(reportedHomePageScripts().toSorted());
    expect(apiCalls).toEqual([]);
  });

  test("the theme's colours reach a rendered page and a page drawn from the shell, each written once", async ({
    page,
  }) => {
    // The app's provider does not write the UI library's <style> elements (docs/decisions/050): a rendered
    // page has them in its head, a page drawn from the shell gets them with its first render.
    const themeOnPage = () =>
      page.evaluate(() => ({
        maroon: getComputedStyle(document.documentElement)
          .getPropertyValue('--mantine-color-maroon-7')
          .trim(),
        variableElements: document.querySelectorAll('style[data-mantine-styles="true"]').length,
        scheme: document.documentElement.dataset.mantineColorScheme,
      }));
    await page.goto('/monastery/kopan-monastery');
    await page.getByRole('textbox', { name: 'Search Puja by name' }).fill('Tara');
    await expect(page.getByRole('heading', { name: 'Green Tara Puja' })).toBeVisible();
    expect(await themeOnPage()).toEqual({ maroon: '#8a2630', variableElements: 1, scheme: 'light' });
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await themeOnPage()).toEqual({ maroon: '#8a2630', variableElements: 1, scheme: 'light' });
  });
});
