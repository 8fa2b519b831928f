import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { e164, signInThroughApi } from './sign-in-helpers.ts';
import { noticesAbout } from './sms-outbox.ts';
import {
  bearer,
  DEMO_KOPAN_STAFF,
  dayFromToday,
  openSecondBrowser,
  orderAtKopan,
  signInPage,
} from './staff-helpers.ts';

/**
 * Two-way messages on an order (docs/product.md#messages-and-photos): a patron writes to the monastery
 * from their orders page; the monastery's staff are texted, see the order marked on their dashboard and
 * read the message in the Message modal; their answer reaches the patron's page and phone. At 1280 px and,
 * in the patron-phone project, at 360 px, for the patron and the staff member alike.
 */

/** Tells this run's order apart from those other specs (or a retry) leave at Kopan. */
const run = Date.now().toString(36);

/** A new patron's number: 987 numbers are this spec's alone. */
function freshPhone(): string {
  return `987${String(Date.now()).slice(-7)}`;
}

/** A new patron with a name (the staff's table shows it), signed in through the API. */
async function newPatron(
  request: APIRequestContext,
  name: string,
): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
  const token = await signInThroughApi(request, phone);
  const named = await request.post('/api/update-user-details', {
    headers: bearer(token),
    multipart: { _method: 'patch', name, email: `tashi.${phone}@example.com` },
  });
  expect(named.status()).toBe(200);
  return { phone, token };
}

test.describe('a patron and the monastery write to each other on an order', { tag: '@phone' }, () => {
  test("the patron's question reaches the staff, who are told of it, and their answer reaches the patron", async ({
    page,
    request,
    browser,
    browserProblems,
  }, testInfo) => {
    // A payment through the simulator and two people's pages on a shared two-core machine.
    test.setTimeout(120_000);
    const patronName = 'Tashi Dolma';
    const patron = await newPatron(request, patronName);
    await page.addInitScript((value) => window.localStorage.setItem('token', value), patron.token);
    const beneficiary = `Ama Yangchen ${run}`;
    // Soon, so the order is among the soonest the dashboard shows whatever other specs left at Kopan.
    const order = await orderAtKopan(
      page,
      {
        puja: 'Green Tara Puja',
        day: dayFromToday(2),
        beneficiary,
        intention: 'For my mother, who is in hospital.',
        wallet: 'eSewa',
      },
      'pay',
    );

    // The patron asks a question on the order they are looking at.
    const question = `Can the monks say my mother's name three times? (${run})`;
    const thread = page.getByRole('region', { name: 'Messages' });
    await expect(thread.getByText('No Messages till now.')).toBeVisible();
    const box = thread.getByRole('textbox', { name: 'Write to Kopan Monastery' });
    await box.fill(question);
    await thread.getByRole('button', { name: 'Send message' }).click();
    const mine = thread.getByRole('listitem').filter({ hasText: question });
    await expect(mine).toContainText('You');
    await expect(box).toHaveValue('');

    // The monastery's staff are texted, with a link to the order on their side (docs/decisions/041).
    const staffPhone = e164(DEMO_KOPAN_STAFF);
    await expect
      .poll(() => noticesAbout(staffPhone, order.number))
      .toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${order.number}: ${patronName} wrote about their Green Tara Puja\\. \\S+/monastery/orders/${order.id}$`,
          ),
        ),
      );

    // On their dashboard the order is marked, and the Message modal shows the question under the patron's name.
    const staff = await openSecondBrowser(browser, testInfo, browserProblems, {
      viewport: page.viewportSize(),
      isMobile: testInfo.project.use.isMobile ?? false,
      hasTouch: testInfo.project.use.hasTouch ?? false,
    });
    await signInPage(staff, request, DEMO_KOPAN_STAFF);
    await staff.goto('/monastery/dashboard');
    await expect(staff.getByRole('heading', { name: 'Order Received' })).toBeVisible();
    const row = staff.getByTestId('order-row').filter({ hasText: beneficiary });
    await expect(row).toContainText(`Order ${order.number}`);
    await expect(row.getByText('New message from the patron')).toBeVisible();

    await row.getByRole('button', { name: 'Message' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Message the patron' });
    const staffThread = dialog.getByRole('region', { name: 'Messages on this order' });
    const asked = staffThread.getByRole('listitem').filter({ hasText: question });
    await expect(asked).toContainText(patronName);
    const answer = `Yes: at the start, the middle and the end of the puja (${run}).`;
    await dialog.getByRole('textbox', { name: /Message/ }).fill(answer);
    await dialog.getByRole('button', { name: 'Message User' }).click();
    await expect(staff.getByText('Message sent successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Answered: the mark is gone.
    await expect(row).toBeVisible();
    await expect(row.getByText('New message from the patron')).toHaveCount(0);

    // The patron is texted, and reads the answer under the question, from the monastery.
    await expect
      .poll(() => noticesAbout(e164(patron.phone), order.number))
      .toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${order.number}: The monastery sent you a message about your Green Tara Puja\\. \\S+/orders\\?oid=${order.id}$`,
          ),
        ),
      );
    await page.reload();
    const messages = thread.getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText('You');
    await expect(messages.nth(0)).toContainText(question);
    await expect(messages.nth(1)).toContainText('Kopan Monastery');
    await expect(messages.nth(1)).toContainText(answer);

    await staff.context().close();
  });
});
