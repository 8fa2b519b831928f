import { readFile } from 'node:fs/promises';
import { expectToast, signInAsAdmin } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { kopanOf, placeOrder } from './kopan-orders.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, DEMO_KOPAN_STAFF, detailIn, openSecondBrowser, signInPage } from './staff-helpers.ts';

/**
 * Card payments through Stripe Checkout (docs/decisions/052, 057), with the suite's server taking cards
 * through the Stripe stand-in (playwright.config.ts): a patron who chose US dollars pays by card on the
 * stand-in's Checkout page and is sent back paid; Kopan's staff decline the order; an administrator sees
 * the payment in dollars with Stripe's fee and its rupees, and refunds it to the card; the patron sees the
 * dollars go back to the card.
 */
test('a patron in US dollars pays by card, is refunded to the card after a decline, and the admin sees USD, the fee and the rupees', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  // A payment, a decline and a refund across three people, on a shared two-core machine.
  test.setTimeout(180_000);
  // 982 numbers are this spec's alone.
  const phone = `982${String(Date.now()).slice(-7)}`;
  const token = await signInThroughApi(request, phone);
  // A name, so the app does not send a new patron to Let's begin first.
  const named = await request.post('/api/update-user-details', {
    headers: bearer(token),
    multipart: { _method: 'patch', name: 'Karma Yangchen', email: `karma.${phone}@example.com` },
  });
  expect(named.status()).toBe(200);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  // She chooses to see prices in US dollars: a card payment is made in the account's currency.
  await page.goto('/monastery/kopan-monastery');
  await expect(page.getByTestId('approximate-price').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  await expect
    .poll(async () => {
      const me = await request.get('/api/me', { headers: bearer(token) });
      return ((await me.json()) as { user: { currency: string } }).user.currency;
    })
    .toBe('USD');
  const order = await placeOrder(request, token, await kopanOf(request), 0, 30);

  // The payment step offers the card beside the wallets, and says so.
  await page.goto(`/orders?oid=${order.id}`);
  const details = page.getByRole('region', { name: 'Puja Details' });
  await expect(detailIn(details, 'Order number')).toHaveText(order.number);
  const amount = (await detailIn(details, 'Amount').textContent())!.match(/Rs\. [\d,]+(\.\d+)?/)![0];
  await details.getByRole('button', { name: 'Proceed to payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Proceed to Payment' });
  await expect(payment.getByText(/eSewa and Khalti need a Nepali account.*or pay by card\./)).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Pay with Khalti' })).toBeVisible();
  await payment.getByRole('button', { name: 'Pay with Card' }).click();

  // Stripe's Checkout page (the stand-in), in dollars: it counts cents.
  await expect(page).toHaveURL(/\/checkout\/cs_test_/, { timeout: 30_000 });
  const charged = (await page.getByText(/^Amount \(smallest unit\): USD \d+$/).textContent())!;
  const cents = Number(charged.replace(/\D+/g, ''));
  const dollars = `USD\\s${(cents / 100).toFixed(2)}`;
  // Stripe's fee on the stand-in's price list: 2.9 % and 30 cents.
  const feeDollars = `USD\\s${((Math.round((cents * 29) / 1000) + 30) / 100).toFixed(2)}`;
  await page.getByRole('button', { name: /^Pay USD/ }).click();

  // Back on her orders, paid: the webhook came first, and the return's look-up agrees.
  await expect(page.getByText('Payment Success')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/orders\?oid=\d+$/);
  await expect(detailIn(details, 'Payment status')).toHaveText('Received');
  await expect(details.getByText(`${amount} with Card`)).toBeVisible();
  await expect(details.getByText(new RegExp(`^You paid ${dollars} by card\\.$`))).toBeVisible();

  // Kopan's staff decline it.
  const staff = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInPage(staff, request, DEMO_KOPAN_STAFF);
  await staff.goto(`/monastery/orders/${order.id}`);
  await staff.getByRole('button', { name: 'Decline Order' }).click();
  const decline = staff.getByRole('dialog', { name: 'Decline Order' });
  await decline.getByRole('radio', { name: 'The date is not available' }).check();
  await decline.getByRole('button', { name: 'Decline Order' }).click();
  await expectToast(staff, 'Order Declined');
  await staff.context().close();

  await page.reload();
  await expect(detailIn(details, 'Payment status')).toHaveText('Refund due');

  // An administrator finds the card payment: dollars, the rate, Stripe's fee and the rupees.
  const admin = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInAsAdmin(admin);
  await admin.goto(`/admin/payments?q=${order.number}`);
  const table = admin.getByRole('table', { name: 'Payments' });
  const row = table.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Card');
  const money = row.getByRole('cell').nth(4);
  await expect(money).toContainText(amount);
  await expect(money.getByText(new RegExp(`^Paid ${dollars} by card$`))).toBeVisible();
  await expect(money.getByText(/^at Rs\. [\d,.]+ per USD$/)).toBeVisible();
  await expect(
    money.getByText(new RegExp(`^Stripe's fee ${feeDollars} \\(Rs\\. [\\d,.]+\\)$`)),
  ).toBeVisible();

  // The CSV carries them too.
  const exported = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  const csv = (await readFile((await (await exported).path())!)).toString('utf8');
  const [header, line] = csv.slice(1).trimEnd().split('\r\n');
  // RFC 4180 cells: some quoted (phone numbers, names), quotes doubled inside.
  const cellsOf = (text: string) =>
    [...text.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((match) =>
      match[1]!.replace(/^"([\s\S]*)"$/, '$1').replace(/""/g, '"'),
    );
  const cell = (name: string) => cellsOf(line!)[cellsOf(header!).indexOf(name)];
  expect(cell('provider')).toBe('stripe');
  expect(cell('card_currency')).toBe('USD');
  expect(cell('card_amount')).toBe((cents / 100).toFixed(2));
  expect(cell('card_fee_currency')).toBe('USD');

  // Refunded to the card through Stripe, in dollars.
  await row.getByRole('button', { name: `Refund to the card: ${order.number}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Refund to the card through Stripe' });
  await expect(confirm).toContainText(
    new RegExp(`Refund ${dollars} \\(${amount.replace('.', '\\.')}\\) to Karma Yangchen`),
  );
  await confirm.getByRole('button', { name: 'Refund to the card' }).click();
  await expectToast(admin, 'Refunded through Card (Stripe). The patron has been told.');
  await expect(row.getByRole('cell').nth(5).getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByText(new RegExp(`^Refund of ${dollars} \\(`))).toBeVisible();
  await admin.context().close();

  // The patron sees the dollars back on her card.
  await page.reload();
  await expect(detailIn(details, 'Payment status')).toHaveText('Refunded');
  const payments = details.getByRole('list', { name: 'Payments received for this order' });
  await expect(payments.getByText(new RegExp(`^${dollars} back to your card$`))).toBeVisible();
  await expect(payments.getByText(/^Refunded on /)).toBeVisible();
});
