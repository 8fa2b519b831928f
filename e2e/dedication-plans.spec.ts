import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  detailIn,
  openOfferingPlans,
  openSecondBrowser,
  orderDateText,
  pujaDayText,
  showOnCalendar,
  signInPage,
} from './staff-helpers.ts';

/**
 * The 49 days after a death, end to end (issue 33, docs/decisions/055 and 056). Kopan's staff offer the
 * Amitabha Puja for the Departed as a 49-day plan in its Update Monastery form. The demo patron orders it
 * for their father, who died seven days ago: seven pujas, the first today (the 7th day) and the rest every
 * seventh day after, shown with the total before ordering; pays the whole plan with the eSewa simulator,
 * lands on the plan's page, sees the seven occurrences paid and the father's photo (attached when ordering,
 * docs/decisions/060), and skips the third (its share refunded). The staff see the plan on their table
 * ("49 days for …, 1 of 7") and the father's photo on the first's order page, approve the first and complete
 * it with photos; the patron's plan then says so.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const PHOTOS = [path.join(fixtures, 'puja-photo-lamp.png'), path.join(fixtures, 'puja-photo-altar.jpg')];
/** The father's photo the patron attaches (any picture: the server re-encodes it). */
const FATHER_PHOTO = path.join(fixtures, 'puja-photo-altar.jpg');
const PUJA = 'Amitabha Puja for the Departed';
/** Kopan's price for it in the demo catalogue. */
const PRICE = 'Rs. 5,100';
/** Tells this run's plan apart from another run's against the same server. */
const FATHER = `Tenzin Dorje ${Date.now().toString(36)}`;

test('a patron orders the 49 days for their father, pays it whole, skips one; staff complete the first with photos', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  // A payment through the simulator and a dozen steps in two browsers, on a shared two-core machine.
  test.slow();

  // Kopan's staff offer the puja as a 49-day plan.
  const staff = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInPage(staff, request, DEMO_KOPAN_STAFF);
  const { edit, plans } = await openOfferingPlans(staff, PUJA);
  await plans.getByRole('checkbox', { name: '49 days after a death' }).check();
  // The monastery's own days after a death (docs/decisions/059): the usual ones to start from, kept here
  // as they are (the steps below count on seven pujas), and a wrong line refused before it is sent.
  await expect(
    edit.getByRole('radio', { name: 'On the 7th, 14th … 49th day after the death' }),
  ).toBeChecked();
  await edit.getByRole('radio', { name: 'On our own days' }).check();
  const ownDays = edit.getByRole('textbox', { name: /^Days after the death/ });
  await expect(ownDays).toHaveValue('7, 14, 21, 28, 35, 42, 49');
  await ownDays.fill('7, 50');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(
    edit.getByText('List days after a death from 1 to 49, each once and in order, such as 1, 7, 14.'),
  ).toBeVisible();
  await ownDays.fill('7, 14, 21, 28, 35, 42, 49');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(staff.getByText('Puja Cost Updated')).toBeVisible();

  // The patron orders the plan from the monastery's page.
  await signInPage(page, request, DEMO_PATRON);
  await page.goto('/monastery/kopan-monastery');
  await page
    .getByTestId('offering-card')
    .filter({ has: page.getByRole('heading', { name: PUJA, exact: true }) })
    .getByRole('button', { name: 'Make Puja' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await dialog.getByRole('radio', { name: '49 days after a death' }).check();
  await dialog.getByRole('textbox', { name: /^Name of the person who died/ }).fill(FATHER);
  const died = dayFromToday(-7);
  const deathField = dialog.getByRole('textbox', { name: /^Date of death/ });
  await deathField.fill(died);
  await deathField.press('Tab');
  await expect(deathField).toHaveValue(orderDateText(died));
  // The days, before ordering: the 7th (today), 14th … 49th day after the death.
  const days = [7, 14, 21, 28, 35, 42, 49].map((after) => dayFromToday(after - 7));
  await expect(dialog.getByTestId('plan-days').getByRole('listitem')).toHaveCount(7);
  await expect(dialog.getByTestId('plan-total')).toContainText(`7 pujas at ${PRICE}: Rs. 35,700`);
  // His photo, for the monks to place on the shrine: private, sent once the plan is placed.
  await dialog.locator('input[type="file"]').setInputFiles(FATHER_PHOTO);
  await expect(dialog.getByText('puja-photo-altar.jpg')).toBeVisible();
  await dialog.getByRole('radio', { name: 'eSewa' }).check();
  await dialog.getByRole('textbox', { name: 'Your intention' }).fill('For my father, in the bardo.');
  await dialog.getByRole('button', { name: 'Order the plan' }).click();

  // The whole plan at the simulator, in one payment; back on the plan's page.
  await expect(page).toHaveURL(/\/simulator\//, { timeout: 30_000 });
  // eSewa's form carries the whole amount, without a thousands separator.
  await page.getByRole('button', { name: /^Pay Rs\. 35700(\.00?)?$/ }).click();
  await expect(page.getByText('Payment Success')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/plans\/\d+$/);
  const planPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: `49 days after a death · ${FATHER}` })).toBeVisible();
  await expect(page.getByTestId('plan-status')).toHaveText('Under way');
  await expect(page.getByTestId('plan-to-pay')).toHaveCount(0);
  // The photo, through its signed link, shown (decoded by the browser) with a way to replace or remove it.
  const photo = page.getByTestId('departed-photo');
  await expectPictureShown(photo.getByRole('img', { name: `Photo of ${FATHER}` }));
  await expect(photo.getByRole('button', { name: 'Replace the photo' })).toBeVisible();
  await expect(photo.getByRole('button', { name: 'Remove the photo' })).toBeVisible();
  const occurrences = page.getByTestId('plan-occurrence');
  await expect(occurrences).toHaveCount(7);
  for (const [index, day] of days.entries()) {
    const occurrence = occurrences.nth(index);
    await expect(occurrence).toContainText(`${index + 1} of 7`);
    await expect(occurrence).toContainText(pujaDayText(day));
    await expect(occurrence).toContainText('Paid – waiting for the monastery to confirm');
  }

  const firstLink = await occurrences
    .nth(0)
    .getByRole('link', { name: /^Order PJ-/ })
    .getAttribute('href');
  const firstOrderId = new URL(firstLink!, page.url()).searchParams.get('oid');

  // Skipping the third: its share is refunded, the others keep theirs.
  const third = occurrences.nth(2);
  await third.getByRole('button', { name: /^Skip/ }).click();
  const skip = page.getByRole('dialog', { name: 'Skip this puja?' });
  await expect(skip.getByText(`What you paid for it, ${PRICE}, will be refunded to you.`)).toBeVisible();
  await skip.getByRole('button', { name: 'Skip this puja' }).click();
  await expect(page.getByText(`: ${PRICE} will be refunded to you.`)).toBeVisible();
  await expect(third).toContainText('Cancelled – your payment will be refunded');
  await expect(third.getByRole('button', { name: /^Skip/ })).toHaveCount(0);
  await expect(occurrences.nth(3)).toContainText('Paid – waiting for the monastery to confirm');

  // The skipped occurrence's own order says what happens to its money.
  await third.getByRole('link', { name: /^Order PJ-/ }).click();
  const details = page.getByRole('region', { name: 'Puja Details' });
  await expect(detailIn(details, 'Payment status')).toHaveText('Refund due');
  await expect(detailIn(details, 'Dedication plan')).toContainText(`49 days for ${FATHER}, 3 of 7`);

  // The staff see the plan on the orders to approve, approve the first and complete it with photos.
  await staff.goto('/monastery/dashboard');
  const first = staff.getByTestId('order-row').filter({ hasText: `49 days for ${FATHER}, 1 of 7` });
  await expect(first).toHaveCount(1);
  await expect(first).toContainText(`Names to pray for: ${FATHER}`);
  // The first occurrence's own page shows the staff the father's photo, to place on the shrine.
  await staff.goto(`/monastery/orders/${firstOrderId}`);
  const shrine = staff.getByRole('region', { name: 'Photo of the departed' });
  await expectPictureShown(shrine.getByRole('img', { name: `Photo of ${FATHER}` }));
  await staff.goto('/monastery/dashboard');
  await first.getByRole('button', { name: 'Approve Puja' }).click();
  await expect(staff.getByText('Order approved')).toBeVisible();
  // The monks read it on today's run sheet, the departed first among the names.
  await staff.goto('/monastery/run-sheet');
  const sheet = staff.getByTestId('run-sheet-order').filter({ hasText: FATHER });
  await expect(sheet.getByTestId('plan-label')).toHaveText(`49 days for ${FATHER}, 1 of 7`);
  await staff.goto('/monastery/dashboard');
  const event = staff.locator('.fc-event', { hasText: `49 days for ${FATHER}, 1 of 7` });
  await showOnCalendar(staff, event);
  await event.click();
  const panel = staff.getByRole('dialog', { name: 'Puja details' });
  await expect(detailIn(panel, 'Dedication plan')).toHaveText(`49 days for ${FATHER}, 1 of 7`);
  await panel.locator('input[type="file"]').setInputFiles(PHOTOS);
  await expect(panel.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Puja Completed' }).click();
  await expect(staff.getByText('Puja marked as completed').last()).toBeVisible();

  // The patron's plan: the first performed, the third skipped, the rest to come.
  await page.goto(planPath);
  await expect(occurrences.nth(0)).toContainText('Completed – the puja was performed');
  await expect(occurrences.nth(2)).toContainText('Cancelled – your payment will be refunded');
  await expect(occurrences.nth(1)).toContainText('Paid – waiting for the monastery to confirm');
  await expect(page.getByTestId('plan-status')).toHaveText('Under way');
  await staff.close();
});

/** A picture on screen that the browser could load and decode (a refused signed link would show none). */
async function expectPictureShown(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}
