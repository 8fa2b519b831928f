import { expect, test } from './fixtures.ts';

// Runs in the 360px-wide "phone" project: nothing may force sideways scrolling.
for (const url of [
  '/',
  '/monasteries',
  '/monastery/kopan-monastery',
  '/pujas',
  '/puja/green-tara-puja',
  '/auth',
]) {
  test(`${url} fits a 360px-wide phone`, async ({ page }) => {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
