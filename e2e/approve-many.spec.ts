import type { APIRequestContext } from '@playwright/test';
import { seriousAccessibilityProblems } from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { kopanOf, payWithKhalti, placeOrder } from './kopan-orders.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, DEMO_KOPAN_STAFF, DEMO_PATRON, dayFromToday, signInPage } from './staff-helpers.ts';

/**
 * Approving many orders at once (issue 30, docs/decisions/039): a festival day at Kopan holds 40 paid
 * orders; its staff choose that day's orders to approve, select every one of them and approve them with
 * one confirmation, then see what became of each. At 1280 px and on a 360 px phone, each on a day of its own.
 */

/** Back-office pages load lazy code and several queries on a shared two-core machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const ORDERS_ON_THE_DAY = 40;
/** Each width's festival day, far enough ahead that no other spec's orders fall on it. */
const FESTIVAL_DAY = { 1280: 300, 360: 301 } as const;

async function approvedOn(request: APIRequestContext, token: string, day: string) {
  const answer = await request.get(`/api/orders/ids?status=approved&from=${day}&to=${day}`, {
    headers: bearer(token),
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { total: number }).total;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  // 80 orders placed and paid through the API on a shared machine.
  testInfo.setTimeout(300_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const token = await signInThroughApi(request, DEMO_PATRON);
  const kopan = await kopanOf(request);
  for (const days of Object.values(FESTIVAL_DAY)) {
    for (let index = 0; index < ORDERS_ON_THE_DAY; index++) {
      const order = await placeOrder(request, token, kopan, index, days);
      await payWithKhalti(request, token, order.id);
    }
  }
  await request.dispose();
});

for (const width of [1280, 360] as const) {
  test.describe(`at ${width} px`, () => {
    if (width === 360) test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    else test.use({ viewport: { width: 1280, height: 900 } });

    test('staff select a day’s 40 paid orders and approve them at once', async ({ page, request }) => {
      test.setTimeout(180_000);
      const day = dayFromToday(FESTIVAL_DAY[width]);
      await signInPage(page, request, DEMO_KOPAN_STAFF);
      const staffToken = await signInThroughApi(request, DEMO_KOPAN_STAFF);
      expect(await approvedOn(request, staffToken, day)).toBe(0);

      // The day's orders to approve: 40 of them, 25 a page.
      await page.goto(`/monastery/orders?status=to_approve&from=${day}&to=${day}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      await expect(page.getByText(`1–25 of ${ORDERS_ON_THE_DAY}`)).toBeVisible();
      await expect(page.getByTestId('back-office-order')).toHaveCount(25);

      // One box selects an order; the page's button selects its 25; "every matching" selects all 40.
      const toolbar = page.getByRole('toolbar', { name: 'Approve many at once' });
      await page
        .getByRole('checkbox', { name: /^Select order PJ-/ })
        .first()
        .check();
      await expect(toolbar.getByText('1 order selected')).toBeVisible();
      await toolbar.getByRole('button', { name: 'Select the 25 to approve on this page' }).click();
      await expect(toolbar.getByText('25 orders selected')).toBeVisible();
      await toolbar.getByRole('button', { name: /^Select every order to approve that matches/ }).click();
      await expect(toolbar.getByText(`${ORDERS_ON_THE_DAY} orders selected`)).toBeVisible();
      expect(await seriousAccessibilityProblems(page, 'the orders with a selection')).toEqual([]);

      // One confirmation, which names what it does.
      await toolbar.getByRole('button', { name: `Approve ${ORDERS_ON_THE_DAY} orders` }).click();
      const dialog = page.getByRole('dialog', { name: `Approve ${ORDERS_ON_THE_DAY} orders?` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: `Approve ${ORDERS_ON_THE_DAY} orders` }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('status').filter({ hasText: `${ORDERS_ON_THE_DAY} orders approved.` }),
      ).toBeVisible();
      // None waits any more on that day, and the server holds all 40 approved.
      await expect(page.getByText('No orders match these filters.')).toBeVisible();
      expect(await approvedOn(request, staffToken, day)).toBe(ORDERS_ON_THE_DAY);

      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
