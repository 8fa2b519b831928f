import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expectToast, rowWith, signInAsAdmin } from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { extractPdfText } from './pdf-text.ts';
import { e164 } from './sign-in-helpers.ts';
import { noticesAbout } from './sms-outbox.ts';
import {
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  decideOnSimulator,
  detailIn,
  openSecondBrowser,
  orderAtKopan,
  type PujaOrder,
  pujaDayText,
  signInPage,
} from './staff-helpers.ts';

/**
 * Money end to end (docs/decisions/010): order numbers, refunds when the monastery declines a paid order
 * or the patron cancels one, the administrator's Payments screen refunding through Khalti or recording an
 * eSewa refund, the receipt PDF, unpaid orders kept apart on the staff dashboard, and the SMS notices. The
 * payment providers are the server's built-in simulator (PAYMENT_MODE=simulator). Each test makes its own
 * orders and finds them by number: other specs use the demo patron and Kopan Monastery too.
 */

/**
 * The back-office pages load lazily and draw a calendar and large tables; on the shared two-core machine
 * they have been seen to take over 5 s (the default) to show data that had already arrived.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Tells this run's orders apart from those other specs (or a retry) leave at Kopan. */
const run = Date.now().toString(36);
const PATRON_PHONE = e164(DEMO_PATRON);

/** The seeded prices at Kopan Monastery (apps/api/src/db/seed), as the app writes them. */
const PRICES = {
  'Medicine Buddha Puja': 'Rs. 3,000',
  'Green Tara Puja': 'Rs. 2,500',
  'Butter Lamp Offering': 'Rs. 1,100',
  'White Tara Long-Life Puja': 'Rs. 2,800',
} as const;

function kopanOrder(puja: keyof typeof PRICES, wallet: PujaOrder['wallet'], days: number): PujaOrder {
  return {
    puja,
    day: dayFromToday(days),
    beneficiary: `Sonam Wangmo ${run}`,
    intention: `For the end-to-end test of money (${run}).`,
    wallet,
  };
}

/** `text` matched literally inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A moment as the back offices write it in Nepal time (`December 1st, 2026 02:05 PM`), on one of `days`. */
function momentOn(days: string[]): RegExp {
  return new RegExp(`(${days.map((day) => pujaDayText(day)).join('|')}) \\d{2}:\\d{2} [AP]M`);
}

/**
 * A moment as the app writes it for a patron, in Nepal time and labelled so, with the browser's own time
 * when its zone differs (`December 1st, 2026 2:05 PM Nepal time (8:20 AM your time)`), on one of `days`.
 */
function patronMomentOn(days: string[]): RegExp {
  return new RegExp(
    `(${days.map((day) => pujaDayText(day)).join('|')}) \\d{1,2}:\\d{2} [AP]M Nepal time( \\([^)]*your time\\))?`,
  );
}

/** Today in Nepal, and yesterday in case the test runs across midnight there. */
function nepalDays(): string[] {
  return [dayFromToday(0), dayFromToday(-1)];
}

/** The orders page with `orderId` selected, its Puja Details column. */
async function openOrder(page: Page, orderId: number, number: string): Promise<Locator> {
  await page.goto(`/orders?oid=${orderId}`);
  const details = page.getByRole('region', { name: 'Puja Details' });
  await expect(detailIn(details, 'Order number')).toHaveText(number);
  return details;
}

/** The one payment received for the order shown in `details`. */
function onlyPayment(details: Locator): Locator {
  // The list's own items: each payment holds a list of its refunds (docs/decisions/044).
  return details.getByRole('list', { name: 'Payments received for this order' }).locator(':scope > li');
}

/** The transaction code a payment record shows (`Transaction code …`). */
async function transactionCodeOf(payment: Locator): Promise<string> {
  const line = payment.getByText(/^Transaction code /);
  await expect(line).toHaveText(/^Transaction code \S+$/);
  return (await line.textContent())!.replace('Transaction code ', '');
}

/** The bytes of a finished download. */
async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

/**
 * /admin/payments as the administrator opens it: the refunds due summary, then the list with every
 * refund due before any other payment. Returns the Payments table.
 */
async function openPaymentsScreen(admin: Page): Promise<Locator> {
  await admin.goto('/admin/payments');
  await expect(admin.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  // The screen is in the administrator's menu.
  await expect(
    admin.getByRole('navigation', { name: 'Back office navigation' }).getByRole('link', { name: 'Payments' }),
  ).toHaveAttribute('href', '/admin/payments');
  await expect(admin.getByRole('region', { name: 'Refunds due' })).toContainText(
    /\d+ payments? to refund, Rs\. [\d,]+ in all\./,
  );
  const table = admin.getByRole('table', { name: 'Payments' });
  await expect(table.getByTestId('payment-row').first()).toBeVisible();
  // Refunds due first: no refund due comes after a payment that is not one.
  const due = await table
    .getByTestId('payment-row')
    .evaluateAll((rows) =>
      rows.map((row) => (row as HTMLTableRowElement).cells[5]!.textContent!.startsWith('Refund due')),
    );
  expect(due[0], 'a refund due is the first row').toBe(true);
  expect(due, 'refunds due before every other payment').toEqual(
    [...due].sort((a, b) => Number(b) - Number(a)),
  );
  return table;
}

/** The Status cell of a row of the Payments table: the payment's status and, for a refund, its reason. */
async function expectAdminStatus(row: Locator, status: string, reason: string) {
  const cell = row.getByRole('cell').nth(5);
  await expect(cell.getByText(status, { exact: true })).toBeVisible();
  await expect(cell.getByText(reason, { exact: true })).toBeVisible();
}

/** Searches the Payments screen for `number` and returns its one row. */
async function searchPayments(admin: Page, table: Locator, number: string): Promise<Locator> {
  await admin.getByRole('searchbox', { name: 'Order number' }).fill(number);
  await expect(admin).toHaveURL(new RegExp(`[?&]q=${number}(&|$)`));
  const rows = table.getByTestId('payment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(number);
  return rows;
}

/**
 * Waits (the job queue sends them within seconds) until the patron has `expected.length` notices about
 * order `number`, then checks that each expected text is exactly one of them.
 */
async function expectNotices(number: string, expected: RegExp[]) {
  await expect
    .poll(async () => (await noticesAbout(PATRON_PHONE, number)).length, {
      message: `SMS notices about ${number}`,
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(expected.length);
  const notices = await noticesAbout(PATRON_PHONE, number);
  for (const pattern of expected) {
    expect(
      notices.filter((text) => pattern.test(text)),
      `one notice ${pattern} in ${JSON.stringify(notices)}`,
    ).toHaveLength(1);
  }
  expect(notices, 'no other notice about the order').toHaveLength(expected.length);
}

test.describe('money: refunds, receipts and unpaid orders', () => {
  test('a paid Khalti order the monastery declines is refunded through Khalti; the receipt shows both', async ({
    page,
    request,
    browser,
    browserProblems,
  }, testInfo) => {
    // A payment, a decline and a refund across three people, on a shared two-core machine.
    test.setTimeout(180_000);
    const order = kopanOrder('Medicine Buddha Puja', 'Khalti', 11);
    const amount = PRICES['Medicine Buddha Puja'];

    // The patron pays with Khalti; the order's number is on the orders page, in the list and the details.
    await signInPage(page, request, DEMO_PATRON);
    const { id, number } = await orderAtKopan(page, order, 'pay');
    await expect(
      page
        .getByRole('list', { name: 'Your orders' })
        .getByRole('button', { name: `Kopan Monastery ${order.puja} · ${number}` }),
    ).toBeVisible();
    let details = page.getByRole('region', { name: 'Puja Details' });
    // In rupees, with the approximate amount in the browser's currency beside it (en-US: ≈ $).
    await expect(detailIn(details, 'Amount')).toHaveText(
      new RegExp(`^${amount.replace(/[.]/g, '\\.')}( ≈ \\S+)?$`),
    );
    await expect(detailIn(details, 'Payment status')).toHaveText('Received');
    await expect(onlyPayment(details)).toHaveCount(1);
    await expect(onlyPayment(details)).toContainText(`${amount} with Khalti`);
    await expect(onlyPayment(details).getByText('Received', { exact: true })).toBeVisible();
    const transactionCode = await transactionCodeOf(onlyPayment(details));

    // Kopan's staff decline it: Update Date, Decline Order, confirm.
    const staff = await openSecondBrowser(browser, testInfo, browserProblems);
    await signInPage(staff, request, DEMO_KOPAN_STAFF);
    await staff.goto('/monastery/dashboard');
    const received = staff.getByRole('table', { name: 'Orders received' });
    const row = received.getByTestId('order-row').filter({ hasText: `Order ${number}` });
    await expect(row.getByRole('cell').nth(3)).toHaveText('To approvePaid');
    await row.getByRole('button', { name: 'Update Date' }).click();
    await staff
      .getByRole('dialog', { name: 'Update Puja Date' })
      .getByRole('button', { name: 'Decline Order' })
      .click();
    const confirmDecline = staff.getByRole('dialog', { name: 'Decline Order' });
    await expect(confirmDecline.getByText('Are you sure you want to decline this order?')).toBeVisible();
    await confirmDecline.getByRole('radio', { name: 'The date is not available' }).check();
    await confirmDecline.getByRole('button', { name: 'Decline Order' }).click();
    await expectToast(staff, 'Order Declined');
    await expect(row).toHaveCount(0);
    await staff.context().close();

    // The patron sees the payment due back, and why.
    details = await openOrder(page, id, number);
    await expect(detailIn(details, 'Order status')).toHaveText(/^Declined – your payment will be refunded/);
    await expect(detailIn(details, 'Payment status')).toHaveText('Refund due');
    const payment = onlyPayment(details);
    await expect(payment.getByText('Refund due', { exact: true })).toBeVisible();
    await expect(payment.getByText(/^Refund due since /)).toHaveText(
      new RegExp(`^Refund due since ${patronMomentOn(nepalDays()).source}$`),
    );
    await expect(payment.getByText('The monastery declined the order.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0);

    // An administrator finds it among the refunds due and refunds it through Khalti.
    const admin = await openSecondBrowser(browser, testInfo, browserProblems);
    await signInAsAdmin(admin);
    const table = await openPaymentsScreen(admin);
    await expectAdminStatus(rowWith(table, number), 'Refund due', 'Order declined');
    const paymentRow = await searchPayments(admin, table, number);
    await expect(paymentRow.getByRole('cell').nth(3)).toHaveText('Khalti');
    await expect(paymentRow.getByRole('cell').nth(4)).toHaveText(amount);
    await expectAdminStatus(paymentRow, 'Refund due', 'Order declined');
    await expect(paymentRow.getByRole('button', { name: `Record refund: ${number}` })).toBeVisible();
    await paymentRow.getByRole('button', { name: `Refund through Khalti: ${number}` }).click();
    const confirmRefund = admin.getByRole('dialog', { name: 'Refund through Khalti' });
    await expect(confirmRefund).toContainText(
      `Refund ${amount} to Demo Patron for order ${number} through Khalti?`,
    );
    await confirmRefund.getByRole('button', { name: 'Refund through Khalti' }).click();
    await expectToast(admin, 'Refunded through Khalti. The patron has been told.');
    await expect(confirmRefund).toBeHidden();
    await expectAdminStatus(paymentRow, 'Refunded', 'Order declined');
    await expect(paymentRow.getByRole('cell').nth(6)).toContainText(
      new RegExp(`Refunded ${momentOn(nepalDays()).source}`),
    );
    await expect(paymentRow.getByRole('cell').nth(7)).toContainText(`Refund ref. ${transactionCode}`);
    await expect(paymentRow.getByRole('button')).toHaveCount(0);

    // The CSV export follows the filters: this order's one payment, refunded.
    const exported = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await exported;
    expect(csvFile.suggestedFilename()).toBe('payments.csv');
    const csv = (await bytesOf(csvFile)).toString('utf8');
    // A byte-order mark first, so spreadsheets read it as UTF-8 (docs/decisions/039).
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
    expect(lines, 'one payment exported').toHaveLength(1);
    // RFC 4180 cells: some quoted (phone numbers, names), quotes doubled inside.
    const cellsOf = (line: string) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((match) =>
        match[1]!.replace(/^"([\s\S]*)"$/, '$1').replace(/""/g, '"'),
      );
    const columns = cellsOf(header!);
    const cells = cellsOf(lines[0]!);
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell('order')).toBe(number);
    expect(cell('provider')).toBe('khalti');
    expect(cell('amount_npr')).toBe('3000');
    expect(cell('status')).toBe('Refunded');
    expect(cell('refund_reason')).toBe('declined');
    expect(cell('refund_reference')).toBe(transactionCode);
    await admin.context().close();

    // The patron sees it refunded, with when and Khalti's reference, and downloads the receipt.
    details = await openOrder(page, id, number);
    await expect(detailIn(details, 'Payment status')).toHaveText('Refunded');
    await expect(payment.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(payment.getByText(/^Refunded on /)).toHaveText(
      new RegExp(
        `^Refunded on ${patronMomentOn(nepalDays()).source} \\(reference ${literal(transactionCode)}\\)$`,
      ),
    );
    const downloaded = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Download receipt' }).click();
    const receipt = await downloaded;
    expect(receipt.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const bytes = await bytesOf(receipt);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await extractPdfText(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Payment receipt');
    expect(pages[1]).toContain('Refund receipt');
    for (const text of pages) {
      expect(text).toContain(number);
      expect(text).toContain(amount);
      expect(text).toContain('Khalti');
    }
    expect(pages[1]).toContain(transactionCode);

    // The patron was told each step by SMS, once, each notice starting with the order's number.
    await expectNotices(number, [
      new RegExp(`^${number}: Payment of ${literal(amount)} received for your ${literal(order.puja)}`),
      new RegExp(
        `^${number}: The monastery could not accept your ${literal(order.puja)}\\. ${literal(amount)} will be refunded\\. Why: `,
      ),
      new RegExp(
        `^${number}: ${literal(amount)} has been refunded to your Khalti account \\(reference ${literal(transactionCode)}\\)`,
      ),
    ]);
  });

  test('a patron cancels an unpaid order and a paid eSewa order; the eSewa refund is recorded', async ({
    page,
    request,
    browser,
    browserProblems,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signInPage(page, request, DEMO_PATRON);

    // --- unpaid: the patron leaves the wallet without paying, then cancels ---
    const unpaidOrder = kopanOrder('Butter Lamp Offering', 'eSewa', 13);
    const unpaid = await orderAtKopan(page, unpaidOrder, 'cancel');
    let details = page.getByRole('region', { name: 'Puja Details' });
    await expect(details.getByText('Nothing has been paid for this order yet.')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Proceed to payment' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });

    // Keeping the order is the safe choice: nothing changes.
    await details.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('Nothing has been paid, so there is nothing to refund.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep the order' }).click();
    await expect(dialog).toBeHidden();
    await expect(detailIn(details, 'Order status')).toHaveText(/^Waiting for payment/);

    await details.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toContainText(
      `Cancel order ${unpaid.number}, ${unpaidOrder.puja} at Kopan Monastery on ${pujaDayText(unpaidOrder.day)}?`,
    );
    await expect(dialog.getByText('Nothing has been paid, so there is nothing to refund.')).toBeVisible();
    await expect(dialog.getByText(/will be refunded/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, `Order ${unpaid.number} cancelled`);
    await expect(dialog).toBeHidden();
    await expect(detailIn(details, 'Order status')).toHaveText(/^Cancelled – /);
    await expect(details.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Download receipt' })).toHaveCount(0);
    // As the server has it, not only as the page was left.
    details = await openOrder(page, unpaid.id, unpaid.number);
    await expect(detailIn(details, 'Order status')).toHaveText(/^Cancelled – /);
    await expect(details.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0);

    // --- paid with eSewa, then cancelled: the money is due back ---
    const paidOrder = kopanOrder('Green Tara Puja', 'eSewa', 14);
    const amount = PRICES['Green Tara Puja'];
    const paid = await orderAtKopan(page, paidOrder, 'pay');
    details = page.getByRole('region', { name: 'Puja Details' });
    await expect(detailIn(details, 'Payment status')).toHaveText('Received');
    await details.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toContainText(`Cancel order ${paid.number}, ${paidOrder.puja} at Kopan Monastery`);
    await expect(
      dialog.getByText(`The ${amount} you paid with eSewa will be refunded to you.`),
    ).toBeVisible();
    await expect(dialog.getByText(/nothing to refund/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, `Order ${paid.number} cancelled: ${amount} will be refunded to you.`);
    details = await openOrder(page, paid.id, paid.number);
    await expect(detailIn(details, 'Order status')).toHaveText(/^Cancelled – /);
    await expect(detailIn(details, 'Payment status')).toHaveText('Refund due');
    const payment = onlyPayment(details);
    await expect(payment).toHaveCount(1);
    await expect(payment).toContainText(`${amount} with eSewa`);
    await expect(payment.getByText('Refund due', { exact: true })).toBeVisible();
    await expect(payment.getByText(/^Refund due since /)).toBeVisible();
    await expect(payment.getByText('You cancelled the order.')).toBeVisible();

    // --- an administrator refunds it in eSewa's portal and records the reference ---
    const reference = `ESW-RF-${run.toUpperCase()}`;
    const admin = await openSecondBrowser(browser, testInfo, browserProblems);
    await signInAsAdmin(admin);
    const table = await openPaymentsScreen(admin);
    const paymentRow = await searchPayments(admin, table, paid.number);
    await expect(paymentRow.getByRole('cell').nth(3)).toHaveText('eSewa');
    await expectAdminStatus(paymentRow, 'Refund due', 'Cancelled by the patron');
    // eSewa has no refund API: only recording is offered.
    await expect(paymentRow.getByRole('button', { name: /Refund through Khalti/ })).toHaveCount(0);
    await paymentRow.getByRole('button', { name: `Record eSewa refund: ${paid.number}` }).click();
    const record = admin.getByRole('dialog', { name: 'Record a refund' });
    await expect(record).toContainText(
      `First refund ${amount} to Demo Patron for order ${paid.number} in eSewa's merchant portal`,
    );
    // The reference is required.
    await record.getByRole('button', { name: 'Record refund' }).click();
    await expect(record.getByRole('textbox', { name: /^Refund reference/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAdminStatus(paymentRow, 'Refund due', 'Cancelled by the patron');
    await record.getByRole('textbox', { name: /^Refund reference/ }).fill(reference);
    await record.getByRole('button', { name: 'Record refund' }).click();
    await expectToast(admin, 'Refund recorded. The patron has been told.');
    await expect(record).toBeHidden();
    await expectAdminStatus(paymentRow, 'Refunded', 'Cancelled by the patron');
    await expect(paymentRow.getByRole('cell').nth(7)).toContainText(`Refund ref. ${reference}`);
    await expect(paymentRow.getByRole('button')).toHaveCount(0);
    await admin.context().close();

    // --- the patron sees it refunded, with the reference ---
    details = await openOrder(page, paid.id, paid.number);
    await expect(detailIn(details, 'Payment status')).toHaveText('Refunded');
    await expect(payment.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(payment.getByText(/^Refunded on /)).toHaveText(
      new RegExp(`^Refunded on ${patronMomentOn(nepalDays()).source} \\(reference ${literal(reference)}\\)$`),
    );

    await expectNotices(unpaid.number, [
      new RegExp(`^${unpaid.number}: You cancelled your ${literal(unpaidOrder.puja)}\\. `),
    ]);
    await expectNotices(paid.number, [
      new RegExp(
        `^${paid.number}: Payment of ${literal(amount)} received for your ${literal(paidOrder.puja)}`,
      ),
      new RegExp(
        `^${paid.number}: You cancelled your ${literal(paidOrder.puja)}\\. Your ${literal(amount)} will be refunded\\.`,
      ),
      new RegExp(
        `^${paid.number}: ${literal(amount)} has been refunded to your eSewa account \\(reference ${literal(reference)}\\)`,
      ),
    ]);
  });

  test('staff see an unpaid order under Awaiting payment, and in Order Received once it is paid', async ({
    page,
    request,
    browser,
    browserProblems,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signInPage(page, request, DEMO_PATRON);
    const order = kopanOrder('White Tara Long-Life Puja', 'Khalti', 15);
    const { id, number } = await orderAtKopan(page, order, 'cancel');

    const staff = await openSecondBrowser(browser, testInfo, browserProblems);
    await signInPage(staff, request, DEMO_KOPAN_STAFF);
    await staff.goto('/monastery/dashboard');
    const awaiting = staff.getByRole('table', { name: 'Orders awaiting payment' });
    const received = staff.getByRole('table', { name: 'Orders received' });
    const awaitingRow = awaiting.getByTestId('awaiting-payment-row').filter({ hasText: number });
    await expect(awaitingRow.getByRole('cell').nth(0)).toHaveText(number);
    await expect(awaitingRow.getByRole('cell').nth(1)).toHaveText('Demo Patron');
    await expect(awaitingRow.getByRole('cell').nth(2)).toHaveText(pujaDayText(order.day));
    await expect(awaitingRow.getByRole('cell').nth(3)).toHaveText(order.puja);
    await expect(awaitingRow.getByRole('cell').nth(4)).toHaveText(PRICES['White Tara Long-Life Puja']);
    await expect(awaitingRow.getByRole('button', { name: `Update Date of order ${number}` })).toBeVisible();
    await expect(awaitingRow.getByRole('button', { name: `Decline order ${number}` })).toBeVisible();
    await expect(awaitingRow.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    await expect(received.getByTestId('order-row').filter({ hasText: number })).toHaveCount(0);

    // The patron pays from the orders page.
    const details = await openOrder(page, id, number);
    await details.getByRole('button', { name: 'Proceed to payment' }).click();
    await page
      .getByRole('dialog', { name: 'Proceed to Payment' })
      .getByRole('button', { name: 'Pay with eSewa' })
      .click();
    await decideOnSimulator(page, 'pay');
    await expect(detailIn(details, 'Payment status')).toHaveText('Received');

    // Staff now have it to approve.
    await staff.reload();
    const receivedRow = received.getByTestId('order-row').filter({ hasText: `Order ${number}` });
    await expect(receivedRow.getByRole('cell').nth(3)).toHaveText('To approvePaid');
    await expect(receivedRow.getByRole('button', { name: 'Approve Puja' })).toBeEnabled();
    await expect(awaiting.getByTestId('awaiting-payment-row').filter({ hasText: number })).toHaveCount(0);
    await staff.context().close();
  });
});
