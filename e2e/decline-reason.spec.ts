import type { APIRequestContext } from '@playwright/test';
import { expectToast } from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { e164, signInThroughApi } from './sign-in-helpers.ts';
import { noticesAbout } from './sms-outbox.ts';
import {
  bearer,
  DEMO_KOPAN_STAFF,
  dayFromToday,
  detailIn,
  openSecondBrowser,
  signInPage,
} from './staff-helpers.ts';

/**
 * Declining with a reason (docs/decisions/038): Kopan's staff decline an order on its page, choosing
 * "Another reason" and writing it; the patron is texted the reason, reads it on their order, is told until
 * when they may still write, and replies on the declined order, which the staff read on theirs.
 */

/** Two people's pages, the back office's lazy code and queries, on a shared two-core machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Tells this run's order apart from those other specs (or a retry) leave at Kopan. */
const run = Date.now().toString(36);

interface Kopan {
  id: number;
  pujas: { id: number; name: string; pivot: { cost: number } }[];
}

/** An order at Kopan placed through the API, as the order form does; unpaid, which staff may decline. */
async function placeOrderAtKopan(request: APIRequestContext, token: string) {
  const kopan = (
    (await (await request.get('/api/monastery/kopan-monastery/edit')).json()) as { monastery: Kopan }
  ).monastery;
  const offering = kopan.pujas[0]!;
  const placed = await request.post('/api/order', {
    headers: bearer(token),
    data: {
      monastery: kopan.id,
      puja: offering.id,
      cost: offering.pivot.cost,
      date: dayFromToday(40),
      payment: 'khalti',
      names: [{ name: `Ama Yangchen ${run}` }],
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: { id: number; number: string } }).order;
}

test('staff decline with a reason; the patron reads it and replies on the declined order', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  test.setTimeout(240_000);
  // 984 numbers are this spec's alone.
  const phone = `984${String(Date.now()).slice(-7)}`;
  const token = await signInThroughApi(request, phone);
  const order = await placeOrderAtKopan(request, token);
  const reason = `The lama who leads this puja is in retreat that month (${run}).`;

  // Kopan's staff open the order, choose "Another reason", write it and decline.
  const staff = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInPage(staff, request, DEMO_KOPAN_STAFF);
  await staff.goto(`/monastery/orders/${order.id}`);
  await staff.getByRole('button', { name: 'Decline Order' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Decline Order' });
  await dialog.getByRole('radio', { name: 'Another reason' }).check();
  await dialog.getByRole('textbox', { name: /The reason, in your words/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Decline Order' }).click();
  await expectToast(staff, 'Order Declined');

  // The patron is texted where to read why: the SMS is one segment (docs/decisions/048), the reason is on
  // the order's page.
  await expect
    .poll(() => noticesAbout(e164(phone), order.number))
    .toContainEqual(
      expect.stringMatching(
        /could not accept your .*\. Their reason is on your order's page\. http.*\/orders\?oid=/,
      ),
    );

  // On their order: the reason, and until when the monastery reads their messages.
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await page.goto(`/orders?oid=${order.id}`);
  const details = page.getByRole('region', { name: 'Puja Details' });
  await expect(detailIn(details, 'Order number')).toHaveText(order.number);
  await expect(detailIn(details, 'Why it was declined')).toHaveText(`“${reason}”`);
  const thread = page.getByRole('region', { name: 'Messages' });
  await expect(
    thread.getByText(/^You can still write to the monastery about this order until /),
  ).toBeVisible();

  // The patron replies on the declined order.
  const reply = `Could another month work, then? (${run})`;
  await thread.getByRole('textbox', { name: 'Write to Kopan Monastery' }).fill(reply);
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByRole('listitem').filter({ hasText: reply })).toContainText('You');

  // The staff read it on the order's page, and may still answer.
  await staff.reload();
  const staffThread = staff.getByRole('region', { name: 'Messages' });
  await expect(staffThread.getByText(reply)).toBeVisible();
  await expect(
    staffThread.getByText(/^The order is closed, but you can still write to the patron until /),
  ).toBeVisible();
  await expect(staff.getByText(reason)).toBeVisible();
  await staff.context().close();
});
