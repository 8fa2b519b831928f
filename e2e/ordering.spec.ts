import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { chooseOrderDate, dayFromToday } from './staff-helpers.ts';

/**
 * A patron orders a puja and pays with eSewa or Khalti, end to end. The server runs with
 * PAYMENT_MODE=simulator (the default outside production): the wallets are the app's own pages under
 * /simulator, speaking the real protocols, with 'Pay Rs. …' and 'Cancel' buttons.
 */
const DEMO_PATRON = '9800000003';

async function signInAsDemoPatron(page: Page, request: Parameters<typeof signInThroughApi>[0]) {
  const token = await signInThroughApi(request, DEMO_PATRON);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** Opens Make Puja on the card named `card` of a monastery or puja page. */
async function openMakePuja(page: Page, path: string, card: string): Promise<Locator> {
  await page.goto(path);
  await page
    .getByTestId('offering-card')
    .filter({ has: page.getByRole('heading', { name: card, exact: true }) })
    .getByRole('button', { name: 'Make Puja' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The simulator's page: pays or cancels, and the server sends the browser back to the orders. */
async function decideOnSimulator(page: Page, wallet: 'eSewa' | 'Khalti', decision: 'pay' | 'cancel') {
  await expect(page).toHaveURL(/\/simulator\//);
  // Another origin than the app's, as a real wallet's is (no PUBLIC_URL: the server's own `localhost`).
  expect(new URL(page.url()).hostname).toBe('localhost');
  await expect(page.getByText(/Payment simulator/i).first()).toBeVisible();
  await expect(page.getByText(new RegExp(wallet, 'i')).first()).toBeVisible();
  await page.getByRole('button', { name: decision === 'pay' ? /^Pay Rs\./ : 'Cancel' }).click();
}

/** The Puja Details column's value for `label`. */
function detail(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Puja Details' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Lands on the orders page after a payment, with the toast, and returns the selected order's id. The
 * wallet's page is at `localhost`; the patron comes back to the address they opened the app at (the
 * project's `127.0.0.1` one) and is still signed in there: the orders page is for signed-in patrons only.
 */
async function expectBackOnOrders(page: Page, toast: 'Payment Success' | 'Payment Failure'): Promise<string> {
  await expect(page.getByText(toast)).toBeVisible();
  // The status is dropped from the address once told, so a reload does not tell it again.
  await expect(page).toHaveURL(/\/orders\?oid=\d+$/);
  expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
  return new URL(page.url()).searchParams.get('oid')!;
}

test.describe('ordering a puja and paying for it', () => {
  test('with eSewa from a monastery page', { tag: '@phone' }, async ({ page, request }) => {
    await signInAsDemoPatron(page, request);
    const dialog = await openMakePuja(page, '/monastery/kopan-monastery', 'Green Tara Puja');
    await expect(dialog.getByText('Green Tara Puja at Kopan Monastery')).toBeVisible();
    await expect(dialog.getByText('Cost: Rs. 2,500')).toBeVisible();

    // Both the date and the payment method are required.
    await dialog.getByRole('button', { name: 'Make Puja', exact: true }).click();
    await expect(dialog.getByText('Choose a date.')).toBeVisible();
    await expect(dialog.getByText('Choose how to pay: eSewa or Khalti.')).toBeVisible();

    await chooseOrderDate(dialog, dayFromToday(7));
    await dialog.getByRole('radio', { name: 'eSewa' }).check();
    await dialog.getByRole('textbox', { name: 'Name 1', exact: true }).fill('Tenzin Norbu');
    await dialog.getByRole('button', { name: 'Add a name' }).click();
    await dialog.getByRole('textbox', { name: 'Name 2', exact: true }).fill('Pema Lhamo');
    await dialog.getByRole('textbox', { name: 'Your intention' }).fill('For good health and long life.');
    await dialog.getByRole('button', { name: 'Make Puja', exact: true }).click();

    await decideOnSimulator(page, 'eSewa', 'pay');
    await expectBackOnOrders(page, 'Payment Success');
    await expect(detail(page, 'Puja')).toHaveText('Green Tara Puja');
    await expect(detail(page, 'Payment status')).toHaveText('Received');
    await expect(detail(page, 'Payment type')).toHaveText('eSewa');
    await expect(detail(page, 'Transaction code')).not.toHaveText('--');
    await expect(detail(page, 'Names to pray for').getByTestId('prayer-name')).toHaveText([
      'Tenzin Norbu',
      'Pema Lhamo',
    ]);
    await expect(detail(page, 'Your intention')).toHaveText('For good health and long life.');
    await expect(page.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0);

    // A reload keeps the order selected and does not repeat the toast.
    await page.reload();
    await expect(detail(page, 'Puja')).toHaveText('Green Tara Puja');
    await expect(page.getByText('Payment Success')).toHaveCount(0);
  });

  test('with Khalti from a puja page', { tag: '@phone' }, async ({ page, request }) => {
    await signInAsDemoPatron(page, request);
    const dialog = await openMakePuja(page, '/puja/medicine-buddha-puja', 'Kopan Monastery');
    await expect(dialog.getByText('Cost: Rs. 3,000')).toBeVisible();

    await chooseOrderDate(dialog, dayFromToday(7));
    // The payment method is required here too (the described product's exception is a bug).
    await dialog.getByRole('button', { name: 'Make Puja', exact: true }).click();
    await expect(dialog.getByText('Choose how to pay: eSewa or Khalti.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Khalti' }).check();
    await dialog.getByRole('button', { name: 'Make Puja', exact: true }).click();

    await decideOnSimulator(page, 'Khalti', 'pay');
    await expectBackOnOrders(page, 'Payment Success');
    await expect(detail(page, 'Puja')).toHaveText('Medicine Buddha Puja');
    await expect(detail(page, 'Payment status')).toHaveText('Received');
    await expect(detail(page, 'Payment type')).toHaveText('Khalti');
  });

  test('a cancelled payment can be paid later from the orders page', { tag: '@phone' }, async ({
    page,
    request,
  }) => {
    await signInAsDemoPatron(page, request);
    const dialog = await openMakePuja(page, '/monastery/kopan-monastery', 'Butter Lamp Offering');
    await chooseOrderDate(dialog, dayFromToday(7));
    await dialog.getByRole('radio', { name: 'eSewa' }).check();
    await dialog.getByRole('button', { name: 'Make Puja', exact: true }).click();

    await decideOnSimulator(page, 'eSewa', 'cancel');
    const orderId = await expectBackOnOrders(page, 'Payment Failure');
    await expect(detail(page, 'Puja')).toHaveText('Butter Lamp Offering');
    await expect(detail(page, 'Payment status')).not.toHaveText('Received');
    await expect(detail(page, 'Transaction code')).toHaveText('--');

    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Proceed to Payment' });
    await expect(payment.getByText('Cost: Rs. 1,100')).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Pay with eSewa' })).toBeVisible();
    await payment.getByRole('button', { name: 'Pay with Khalti' }).click();

    await decideOnSimulator(page, 'Khalti', 'pay');
    expect(await expectBackOnOrders(page, 'Payment Success')).toBe(orderId);
    await expect(detail(page, 'Payment status')).toHaveText('Received');
    await expect(detail(page, 'Payment type')).toHaveText('Khalti');
    await expect(page.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0);
  });

  test('from the direct order page', async ({ page, request }) => {
    await signInAsDemoPatron(page, request);
    await page.goto('/direct-order');
    await expect(page.getByRole('heading', { name: "Let's Start your puja" })).toBeVisible();

    await page.getByRole('textbox', { name: /^Monastery/ }).click();
    await page.getByRole('option', { name: 'Tengboche Monastery' }).click();
    await page.getByRole('textbox', { name: /^Puja/ }).click();
    await page.getByRole('option', { name: 'Sang Smoke Offering (Rs. 2,000)' }).click();
    await expect(page.getByText('Cost: Rs. 2,000')).toBeVisible();
    await chooseOrderDate(page, dayFromToday(7));
    await page.getByRole('radio', { name: 'eSewa' }).check();
    await page.getByRole('textbox', { name: 'Your intention' }).fill('Clear obstacles before a journey.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await decideOnSimulator(page, 'eSewa', 'pay');
    await expectBackOnOrders(page, 'Payment Success');
    await expect(detail(page, 'Monastery')).toHaveText('Tengboche Monastery');
    await expect(detail(page, 'Puja')).toHaveText('Sang Smoke Offering');
    await expect(detail(page, 'Payment status')).toHaveText('Received');
  });

  test('the orders page and the order form have no serious accessibility problems', async ({
    page,
    request,
  }) => {
    // Several full axe analyses: on the shared two-core machine under load they have taken over 30 s.
    test.setTimeout(90_000);
    await signInAsDemoPatron(page, request);
    const serious = async (what: string) =>
      (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${what}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        );
    const problems: string[] = [];

    const dialog = await openMakePuja(page, '/monastery/kopan-monastery', 'Green Tara Puja');
    problems.push(...(await serious('Make Puja modal')));
    // The date field's calendar, open.
    await dialog.getByRole('textbox', { name: /^Date/ }).click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    problems.push(...(await serious('Make Puja date calendar')));
    await page.goto('/direct-order');
    await expect(page.getByRole('textbox', { name: /^Monastery/ })).toBeVisible();
    problems.push(...(await serious('/direct-order')));
    await page.goto('/orders');
    await expect(page.getByRole('region', { name: 'Puja Details' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    problems.push(...(await serious('/orders')));

    expect(problems).toEqual([]);
  });
});
