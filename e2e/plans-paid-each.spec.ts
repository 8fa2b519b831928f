import { expect, test } from './fixtures.ts';
import {
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  openOfferingPlans,
  openSecondBrowser,
  pujaDayText,
  signInPage,
} from './staff-helpers.ts';

/**
 * A monthly plan paid puja by puja (issue 33, docs/decisions/058). Kopan's staff offer the White Tara
 * Long-Life Puja as a monthly plan that patrons may pay each. The demo patron orders three months on the
 * day ten days from now, paying each: no payment yet, the plan's page with a Pay button per puja. They pay
 * the first with the eSewa simulator, see the plan in their list above their orders, pause it (the two
 * unpaid pujas wait, without a Pay button) and resume it (each is payable again).
 */
const PUJA = 'White Tara Long-Life Puja';
/** Kopan's price for it in the demo catalogue. */
const PRICE = 'Rs. 2,800';
/** Tells this run's plan apart from another run's against the same server. */
const FOR = `Karma Yangchen ${Date.now().toString(36)}`;

test('a patron orders a monthly plan paying each, pays the first, pauses and resumes it', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  // A payment through the simulator and two browsers, on a shared two-core machine.
  test.slow();

  // Kopan's staff offer the puja as a monthly plan, payable puja by puja.
  const staff = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInPage(staff, request, DEMO_KOPAN_STAFF);
  const { edit, plans } = await openOfferingPlans(staff, PUJA);
  await plans.getByRole('checkbox', { name: 'Every month' }).check();
  await edit.getByRole('checkbox', { name: /Patrons may pay each puja on its own/ }).check();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(staff.getByText('Puja Cost Updated')).toBeVisible();
  await staff.close();

  // The patron orders three months, paying each.
  await signInPage(page, request, DEMO_PATRON);
  await page.goto('/monastery/kopan-monastery');
  await page
    .getByTestId('offering-card')
    .filter({ has: page.getByRole('heading', { name: PUJA, exact: true }) })
    .getByRole('button', { name: 'Make Puja' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await dialog.getByRole('radio', { name: 'Every month' }).check();
  const first = dayFromToday(10);
  await dialog.getByRole('textbox', { name: /^Day of the month/ }).fill(String(Number(first.slice(8))));
  await dialog.getByRole('textbox', { name: /^How many months/ }).fill('3');
  await dialog.getByRole('radio', { name: /^Each puja on its own/ }).check();
  await expect(dialog.getByText(/You pay each puja on its own/)).toBeVisible();
  await dialog.getByRole('radio', { name: 'eSewa' }).check();
  await dialog.getByRole('textbox', { name: /^Name/ }).first().fill(FOR);
  await expect(dialog.getByTestId('plan-days').getByRole('listitem')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Order the plan' }).click();

  // No payment yet: the plan's page, a Pay button on each puja.
  await expect(page).toHaveURL(/\/plans\/\d+$/, { timeout: 30_000 });
  const planPath = new URL(page.url()).pathname;
  const occurrences = page.getByTestId('plan-occurrence');
  await expect(occurrences).toHaveCount(3);
  await expect(occurrences.nth(0)).toContainText(pujaDayText(first));
  await expect(page.getByTestId('plan-to-pay')).toHaveCount(0);
  for (const index of [0, 1, 2])
    await expect(occurrences.nth(index).getByRole('button', { name: `Pay ${PRICE}` })).toBeVisible();
  // Due three days before its day: the last day to pay is four days before it.
  await expect(occurrences.nth(0)).toContainText(`Pay by ${pujaDayText(dayFromToday(6))}`);

  // The first, through eSewa's simulator, on its own.
  await occurrences
    .nth(0)
    .getByRole('button', { name: `Pay ${PRICE}` })
    .click();
  await expect(page).toHaveURL(/\/simulator\//, { timeout: 30_000 });
  await page.getByRole('button', { name: /^Pay Rs\. 2800(\.00?)?$/ }).click();
  await expect(page.getByText('Payment Success')).toBeVisible({ timeout: 30_000 });

  // The plan in the patron's list, above their orders.
  await page.goto('/orders');
  const listed = page.getByTestId('own-plan').filter({ hasText: FOR });
  await expect(listed).toContainText('Every month');
  await expect(listed).toContainText(`Next: ${pujaDayText(first)}`);
  await expect(listed).toContainText('0 done, 3 to come');
  await listed.getByRole('link', { name: 'See the plan' }).click();
  await expect(page).toHaveURL(new RegExp(`${planPath}$`));
  await expect(occurrences.nth(0)).toContainText('Paid – waiting for the monastery to confirm');
  await expect(occurrences.nth(0).getByRole('button', { name: /^Pay / })).toHaveCount(0);

  // Paused: the two unpaid pujas wait, without a Pay button; the paid one goes on.
  await page.getByRole('button', { name: 'Pause the plan' }).click();
  await expect(page.getByText('The plan is paused', { exact: true })).toBeVisible();
  await expect(page.getByTestId('plan-pay-each')).toContainText('The plan is paused');
  for (const index of [1, 2]) {
    await expect(occurrences.nth(index).getByTestId('occurrence-paused')).toBeVisible();
    await expect(occurrences.nth(index).getByRole('button', { name: /^Pay / })).toHaveCount(0);
  }
  await expect(occurrences.nth(0).getByTestId('occurrence-paused')).toHaveCount(0);
  await page.goto('/orders');
  await expect(page.getByTestId('own-plan').filter({ hasText: FOR })).toContainText('Paused');

  // Resumed: each unpaid puja is payable again.
  await page.goto(planPath);
  await page.getByRole('button', { name: 'Resume the plan' }).click();
  await expect(page.getByText('The plan is running again')).toBeVisible();
  for (const index of [1, 2]) {
    await expect(occurrences.nth(index).getByTestId('occurrence-paused')).toHaveCount(0);
    await expect(occurrences.nth(index).getByRole('button', { name: `Pay ${PRICE}` })).toBeVisible();
  }
});
