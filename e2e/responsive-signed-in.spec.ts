import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';

// Runs in the 360px-wide "phone" project: the signed-in top bars and pages must fit too.
const CASES = [
  { who: 'a patron', phone: '9800000003', urls: ['/', '/account-settings', '/lets-begin'] },
  { who: 'the administrator', phone: '9800000001', urls: ['/admin/dashboard'] },
  { who: 'monastery staff', phone: '9800000002', urls: ['/monastery/dashboard'] },
] as const;

for (const { who, phone, urls } of CASES) {
  test(`signed in as ${who}, ${urls.join(', ')} fit a 360px-wide phone`, async ({ page, request }) => {
    const token = await signInThroughApi(request, phone);
    await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
    for (const url of urls) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
      // The top bar is fixed, so it would not widen the page: check that nothing in it sticks out.
      const headerRight = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('header *')].map((node) => node.getBoundingClientRect().right),
        ),
      );
      expect(headerRight, `${url} top bar`).toBeLessThanOrEqual(360);
    }
  });
}
