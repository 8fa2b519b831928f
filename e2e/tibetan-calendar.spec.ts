import { datesOnLunarDay } from '../packages/contract/src/tibetan-calendar.ts';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { dayFromToday } from './staff-helpers.ts';

// Issue 33, item 5 (docs/decisions/053): the order form's date picker shows each day's lunar day and names
// the special days; the chosen day's Tibetan date is written under the field.
test('the Make Puja date picker shows lunar days and names Guru Rinpoche day', async ({ page, request }) => {
  // Signing in, the monastery's page and the order form's lazy code, on a shared machine.
  test.slow();
  const token = await signInThroughApi(request, '9800000003');
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  // The next 10th lunar day from tomorrow, by the calendar the unit tests check against published dates.
  const [guruRinpoche] = datesOnLunarDay(dayFromToday(1), dayFromToday(70), 10);
  if (!guruRinpoche) throw new Error('No 10th lunar day in the next 70 days');
  const [year, month, date] = guruRinpoche.date.split('-').map(Number) as [number, number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en', {
    month: 'long',
    timeZone: 'UTC',
  });

  await page.goto('/monastery/kopan-monastery');
  await page.getByRole('button', { name: 'Make Puja' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await dialog.getByRole('textbox', { name: /^Date/ }).click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  const dayButton = calendar.locator(`button[aria-label="${date} ${monthName} ${year}"]:not([data-outside])`);
  for (let step = 0; step < 3 && !(await dayButton.isVisible()); step++) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  // Its number, and under it the lunar day (10, or the skipped 10th's eve: 9); named in its description.
  await expect(dayButton).toHaveAttribute('title', /Guru Rinpoche day/);
  await expect(dayButton.getByTestId('lunar-day')).toHaveText(guruRinpoche.kind === 'skipped' ? '9' : '10');
  await dayButton.click();

  const note = dialog.getByTestId('tibetan-day');
  await expect(note).toContainText(
    `Tibetan calendar: ${guruRinpoche.month.leapMonth ? 'Leap month' : 'Month'} ${guruRinpoche.month.month}`,
  );
  await expect(note).toContainText('Guru Rinpoche day');
});
