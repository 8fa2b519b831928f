import { test as base, expect } from '@playwright/test';

/**
 * Every page must run under the production Content-Security-Policy without a violation or an uncaught
 * error, and a server-rendered page must hydrate without React finding the browser's first render differs
 * from the server's: each test fails if the browser reports one.
 */
export const test = base.extend<{ browserProblems: string[] }>({
  /**
   * Navigations wait for the app to run (`data-app-ready`, set by the root layout): a server-rendered page
   * is visible, and its buttons clickable to a test, before its script has hydrated them.
   */
  page: async ({ page }, use) => {
    for (const method of ['goto', 'reload'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<typeof page.goto>;
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await navigate(...args);
          // Only the app's pages carry #root; a PDF, a JSON answer or the payment simulator does not.
          await page.waitForFunction(
            () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
          );
          return response;
        },
      });
    }
    await use(page);
  },
  browserProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/Content Security Policy|Refused to/i.test(message.text()))
          problems.push(`CSP: ${message.text()}`);
        if (/hydrat/i.test(message.text())) problems.push(`hydration: ${message.text()}`);
      });
      await use(problems);
      expect(problems, 'browser problems').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** "Price: Rs. 1,500" → 1500 */
export function priceOf(text: string): number {
  const match = /Rs\.\s*([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`No price in: ${text}`);
  return Number(match[1]!.replaceAll(',', ''));
}
