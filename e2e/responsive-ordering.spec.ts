import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';

// Runs in the 360px-wide "phone" project: the order pages and the Make Puja modal must fit too.
test('the orders, direct order and Make Puja screens fit a 360px-wide phone', async ({ page, request }) => {
  const token = await signInThroughApi(request, '9800000003');
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  for (const url of ['/orders', '/direct-order']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    expect(await overflow(), url).toBeLessThanOrEqual(0);
  }

  await page.goto('/monastery/kopan-monastery');
  await page.getByRole('button', { name: 'Make Puja' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360, 'Make Puja modal within the screen').toBe(true);
  expect(await overflow(), 'Make Puja modal').toBeLessThanOrEqual(0);
});
