import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN, expectToast } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { kopanOf, placeOrder } from './kopan-orders.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import {
  bearer,
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  openSecondBrowser,
  signInPage,
} from './staff-helpers.ts';

/**
 * The days a monastery takes orders for (docs/decisions/040), set on the back office's Order days screen
 * and met by patrons on the order form; and two people saving the same settings: the second is told who
 * saved first, and reloads.
 */

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Settings {
  monastery_id: number;
  version: number;
  pujas: { puja_id: number; name: string }[];
  closures: { id: number }[];
}

/** Kopan's order days as the tests found them: no capacity, no cut-off, no closures. */
async function resetKopanOrderDays(request: APIRequestContext, token: string, monasteryId: number) {
  const url = `/api/monasteries/${monasteryId}/order-days`;
  const settings = (await (await request.get(url, { headers: bearer(token) })).json()) as Settings;
  for (const closure of settings.closures) {
    await request.delete(`/api/monasteries/${monasteryId}/closures/${closure.id}`, {
      headers: bearer(token),
    });
  }
  const reset = await request.patch(url, {
    headers: bearer(token),
    data: {
      daily_capacity: null,
      cutoff_time: null,
      pujas: settings.pujas.map((puja) => ({ puja_id: puja.puja_id, daily_capacity: null })),
      version: settings.version,
    },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
}

/** Types a day into a day field (Mantine's DateInput) and leaves it. */
async function typeDay(page: Page, label: RegExp, isoDay: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(isoDay);
  await field.press('Tab');
}

/** On Kopan's page, opens the order form of `puja` and types `isoDay` in its date field. */
async function tryDay(page: Page, puja: string, isoDay: string) {
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  if (!(await dialog.isVisible())) {
    // A second browser's page is not the fixture's: wait for the app to run before its buttons are pressed.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    await page
      .getByTestId('offering-card')
      .filter({ has: page.getByRole('heading', { name: puja, exact: true }) })
      .getByRole('button', { name: 'Make Puja' })
      .click();
    await expect(dialog).toBeVisible();
  }
  const field = dialog.getByRole('textbox', { name: /^Date/ });
  await field.fill(isoDay);
  await field.press('Tab');
  return dialog;
}

test.describe('order days', () => {
  test('staff close days and fill a puja on their phone; a patron cannot choose those days and reads why', async ({
    page,
    request,
    browser,
    browserProblems,
  }, testInfo) => {
    test.setTimeout(180_000);
    const kopan = await kopanOf(request);
    const puja = kopan.pujas[0]!;
    const closedFirst = dayFromToday(40);
    const closedLast = dayFromToday(42);
    const fullDay = dayFromToday(45);
    const staffToken = await signInPage(page, request, DEMO_KOPAN_STAFF);
    await resetKopanOrderDays(request, staffToken, kopan.id);
    // One order already holds the day that will be full for this puja.
    const patronToken = await signInThroughApi(request, DEMO_PATRON);
    await placeOrder(request, patronToken, kopan, 0, 45);

    try {
      // The staff member, on a 360 px phone.
      await page.setViewportSize(PHONE.viewport);
      await page.goto('/monastery/order-days');
      await expect(page.getByRole('heading', { name: 'Order days', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: `Pujas a day of ${puja.name}` }).fill('1');
      await page.getByRole('button', { name: 'Save capacity and cut-off' }).click();
      await expectToast(page, 'Capacity and cut-off saved');

      await typeDay(page, /^First day/, closedFirst);
      await typeDay(page, /^Last day/, closedLast);
      await page.getByRole('textbox', { name: /^Message to patrons/ }).fill('Losar retreat');
      await page.getByRole('button', { name: 'Close these days' }).click();
      await expectToast(page, 'Days closed');
      await expect(page.getByTestId('closures')).toContainText('Losar retreat');
      // Nothing of the screen runs off a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // The patron, at 1280 px, on the order form.
      const patron = await openSecondBrowser(browser, testInfo, browserProblems);
      await signInPage(patron, request, DEMO_PATRON);
      await patron.goto('/monastery/kopan-monastery');
      const closedDialog = await tryDay(patron, puja.name, closedFirst);
      await expect(closedDialog.getByText(/not accepting requests \(Losar retreat\)/).first()).toBeVisible();
      // The list under the calendar names the closed run and the full day.
      const note = closedDialog.getByTestId('unavailable-days');
      await expect(note).toContainText('not accepting requests (Losar retreat)');
      await expect(note).toContainText(': full');
      const fullDialog = await tryDay(patron, puja.name, fullDay);
      await expect(fullDialog.getByText(/: full$/).first()).toBeVisible();
      await patron.context().close();

      // The server holds the same rule for an order sent without the form.
      const refused = await request.post('/api/order', {
        headers: bearer(patronToken),
        data: {
          monastery: kopan.id,
          puja: puja.id,
          cost: puja.pivot.cost,
          date: closedLast,
          payment: 'khalti',
          names: [{ name: 'Tashi Dolma' }],
        },
      });
      expect(refused.status()).toBe(422);
      expect(JSON.stringify(await refused.json())).toContain('Losar retreat');
    } finally {
      await resetKopanOrderDays(request, staffToken, kopan.id);
    }
  });

  test('two people save the same monastery’s settings: the second is told who saved first, and reloads', async ({
    page,
    request,
    browser,
    browserProblems,
  }, testInfo) => {
    test.setTimeout(120_000);
    const kopan = await kopanOf(request);
    const staffToken = await signInPage(page, request, DEMO_KOPAN_STAFF);
    await resetKopanOrderDays(request, staffToken, kopan.id);
    try {
      // The administrator at 1280 px and the staff member on a phone both open Kopan's order days.
      const admin = await openSecondBrowser(browser, testInfo, browserProblems);
      await signInPage(admin, request, DEMO_ADMIN.phone);
      await admin.goto('/admin/order-days');
      await admin.getByRole('textbox', { name: 'Monastery', exact: true }).click();
      await admin.getByRole('option', { name: 'Kopan Monastery' }).click();
      const adminCapacity = admin.getByRole('textbox', { name: 'Pujas a day', exact: true });
      await expect(adminCapacity).toHaveValue('');

      await page.setViewportSize(PHONE.viewport);
      await page.goto('/monastery/order-days');
      const staffCapacity = page.getByRole('textbox', { name: 'Pujas a day', exact: true });
      await expect(staffCapacity).toHaveValue('');

      // The staff member saves first.
      await staffCapacity.fill('40');
      await page.getByRole('button', { name: 'Save capacity and cut-off' }).click();
      await expectToast(page, 'Capacity and cut-off saved');

      // The administrator saves from the version they opened: refused, and told by whom.
      await adminCapacity.fill('25');
      await admin.getByRole('button', { name: 'Save capacity and cut-off' }).click();
      const stale = admin.getByTestId('stale-version');
      await expect(stale).toBeVisible();
      await expect(stale).toContainText('Demo Kopan Staff');
      const stored = (await (
        await request.get(`/api/monasteries/${kopan.id}/order-days`, { headers: bearer(staffToken) })
      ).json()) as { daily_capacity: number | null };
      expect(stored.daily_capacity).toBe(40);

      // Reload shows the staff member's 40; saved again from there, the administrator's change goes through.
      await stale.getByRole('button', { name: 'Reload' }).click();
      await expect(stale).toBeHidden();
      await expect(adminCapacity).toHaveValue('40');
      await adminCapacity.fill('25');
      await admin.getByRole('button', { name: 'Save capacity and cut-off' }).click();
      await expectToast(admin, 'Capacity and cut-off saved');
      await admin.context().close();
    } finally {
      await resetKopanOrderDays(request, staffToken, kopan.id);
    }
  });
});
