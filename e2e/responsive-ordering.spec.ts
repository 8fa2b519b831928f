import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { dayFromToday, orderDateText } from './staff-helpers.ts';

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

  // The date field's calendar fits the phone too, and a day is picked by tapping it.
  const day = dayFromToday(7);
  const field = dialog.getByRole('textbox', { name: /^Date/ });
  await field.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  const calendarBox = await calendar.boundingBox();
  expect(
    calendarBox && calendarBox.x >= 0 && calendarBox.x + calendarBox.width <= 360,
    'the date calendar within the screen',
  ).toBe(true);
  expect(await overflow(), 'the date calendar').toBeLessThanOrEqual(0);
  // The calendar names its days like '8 December 2026'; a week ahead may be in the next month.
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en', {
    month: 'long',
    timeZone: 'UTC',
  });
  const dayButton = calendar.locator(`button[aria-label="${date} ${monthName} ${year}"]:not([data-outside])`);
  if (!(await dayButton.isVisible())) await calendar.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
  await expect(calendar).toBeHidden();
  await expect(field).toHaveValue(orderDateText(day));
});
