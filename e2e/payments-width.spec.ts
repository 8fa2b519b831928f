import type { Locator } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { kopanOf, payWithKhalti, placeOrder } from './kopan-orders.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, DEMO_PATRON } from './staff-helpers.ts';

/**
 * The administrator's Payments screen on a 1280×800 laptop (issue 30): its nine columns beside the menu
 * are wider than the screen, and the refund buttons sat off-screen to the right. They must be in sight
 * and clickable with nothing scrolled sideways.
 */

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * The button is where a person sees it with nothing scrolled sideways: inside the window, no scrolled
 * box holds it off, and what is drawn at its middle is the button itself (not a column over it).
 */
async function expectInSightWithoutScrolling(button: Locator) {
  await expect(button).toBeVisible();
  const seen = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    let scrolledSideways = 0;
    for (let node = element.parentElement; node; node = node.parentElement)
      scrolledSideways += node.scrollLeft;
    const hit = document.elementFromPoint(x, y);
    return {
      right: box.right,
      inWindow: box.left >= 0 && box.right <= window.innerWidth,
      scrolledSideways: scrolledSideways + window.scrollX,
      hitsIt: hit !== null && element.contains(hit),
    };
  });
  expect(seen.scrolledSideways, 'nothing scrolled sideways').toBe(0);
  expect(seen.inWindow, `the button ends at ${seen.right} px, inside 1280 px`).toBe(true);
  expect(seen.hitsIt, 'the button is what is drawn there').toBe(true);
}

test('at 1280×800 the refund buttons are in sight without scrolling sideways', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A paid Khalti order its patron cancels before the monastery approves it: its payment is a refund due.
  const token = await signInThroughApi(request, DEMO_PATRON);
  const order = await placeOrder(request, token, await kopanOf(request), 0, 40);
  await payWithKhalti(request, token, order.id);
  const cancelled = await request.post(`/api/order/${order.id}/cancel`, { headers: bearer(token) });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await signInAsAdmin(page);
  await page.goto(`/admin/payments?q=${order.number}`);
  const row = page.getByRole('table', { name: 'Payments' }).getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  const refund = row.getByRole('button', { name: `Refund through Khalti: ${order.number}` });
  const record = row.getByRole('button', { name: `Record refund: ${order.number}` });
  await expectInSightWithoutScrolling(refund);
  await expectInSightWithoutScrolling(record);
  // And it opens the refund's confirmation from there.
  await refund.click();
  await expect(page.getByRole('dialog', { name: 'Refund through Khalti' })).toContainText(order.number);
});
