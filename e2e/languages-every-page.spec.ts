import type { Browser, TestInfo } from '@playwright/test';
import { DEMO_ADMIN, seriousAccessibilityProblems } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { DEMO_KOPAN_STAFF, DEMO_PATRON } from './staff-helpers.ts';

/**
 * Every page in every language (issue 15): the pages a visitor, a patron, a monastery's staff and an
 * administrator open, in Nepali and in Traditional Chinese, each in its language (`<html lang>`) and without
 * a serious or critical accessibility problem (axe, WCAG 2 A and AA). e2e/languages.spec.ts orders in
 * Nepali and checks the first pages; this one walks the rest.
 */

const PAGES = {
  visitor: [
    '/monasteries',
    '/pujas',
    '/about',
    '/contact',
    '/faq',
    '/terms',
    '/privacy',
    '/refunds',
    '/no-such-page',
  ],
  patron: ['/orders', '/account-settings'],
  staff: ['/monastery/dashboard', '/monastery/orders', '/monastery/puja', '/monastery/account'],
  admin: [
    '/admin/dashboard',
    '/admin/orders',
    '/admin/monastery',
    '/admin/puja',
    '/admin/manage-user',
    '/admin/payments',
    '/admin/audit',
    '/admin/account',
  ],
} as const;

const PHONES = { patron: DEMO_PATRON, staff: DEMO_KOPAN_STAFF, admin: DEMO_ADMIN.phone } as const;

/** A browser in `language`, signed in as `who` unless a visitor; its pages wait for the app to run. */
async function browserIn(browser: Browser, testInfo: TestInfo, language: string, token?: string) {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport ?? null });
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return context.newPage();
}

for (const language of ['ne', 'zh-Hant'] as const) {
  for (const [who, paths] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
    test(`the ${who}'s pages are in ${language}, with nothing serious for axe`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(300_000);
      const problems: string[] = [];
      const token = who === 'visitor' ? undefined : await signInThroughApi(request, PHONES[who]);
      const page = await browserIn(browser, testInfo, language, token);
      page.on('pageerror', (error) => problems.push(`${who} page error: ${error.message}`));
      for (const path of paths) {
        await page.goto(path);
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
        await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
        await expect(page.locator('html'), path).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading').first(), path).toBeVisible({ timeout: 15_000 });
        // Skeletons and loaders gone: what axe reads is the page itself.
        await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0, { timeout: 15_000 });
        problems.push(...(await seriousAccessibilityProblems(page, `${language} ${who} ${path}`)));
      }
      await page.context().close();
      expect(problems).toEqual([]);
    });
  }
}
