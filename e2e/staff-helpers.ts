import type {
  APIRequestContext,
  Browser,
  BrowserContextOptions,
  Locator,
  Page,
  TestInfo,
} from '@playwright/test';
import { expect } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';

/** The seeded demo accounts (apps/api/src/db/seed/demo-catalogue.ts). */
export const DEMO_PATRON = '9800000003';
export const DEMO_KOPAN_STAFF = '9800000002';

/** A day `days` from today in Nepal (the business time zone), as `YYYY-MM-DD`. */
export function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** `2026-12-01` as the app writes a puja's day (the date format of docs/product.md#fixed-values-and-formats): `December 1st, 2026`. */
export function pujaDayText(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en', {
    month: 'long',
    timeZone: 'UTC',
  });
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${monthName} ${day}${suffix}, ${year}`;
}

/** Signs `page` in as the account of `nationalNumber`, through the API, before its first page loads. */
export async function signInPage(page: Page, request: APIRequestContext, nationalNumber: string) {
  const token = await signInThroughApi(request, nationalNumber);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return token;
}

/**
 * A second browser, signed in as someone else, beside the test's own page. Its CSP violations and page
 * errors go to the same list the fixture checks (e2e/fixtures.ts). A desktop's screen unless `screen`
 * says otherwise (a phone's, for someone who works from one).
 */
export async function openSecondBrowser(
  browser: Browser,
  testInfo: TestInfo,
  problems: string[],
  screen: Pick<BrowserContextOptions, 'viewport' | 'isMobile' | 'hasTouch'> = {
    viewport: { width: 1280, height: 900 },
  },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, ...screen });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  return page;
}

/**
 * The staff's Update Monastery form of one of their pujas, opened from `/monastery/puja`, and its plan
 * kinds (docs/decisions/056): where a monastery offers a puja as dedication plans.
 */
export async function openOfferingPlans(
  staff: Page,
  puja: string,
): Promise<{ edit: Locator; plans: Locator }> {
  await staff.goto('/monastery/puja');
  await staff
    .getByRole('button', { name: `Edit ${puja}` })
    .first()
    .click();
  const edit = staff.getByRole('dialog', { name: 'Update Monastery' });
  return { edit, plans: edit.getByRole('group', { name: /Offered as dedication plans/ }) };
}

export interface PujaOrder {
  /** The heading of the puja's card on the Kopan Monastery page. */
  puja: string;
  day: string;
  /** The first name to pray for (living, no note), on the form's first line. */
  beneficiary: string;
  /** Names after it, each on a line of its own. */
  otherNames?: { name: string; departed?: boolean; note?: string }[];
  intention: string;
  wallet: 'eSewa' | 'Khalti';
}

/** `2026-12-01` as the order form's date field shows a chosen day: `December 1, 2026`. */
export function orderDateText(isoDay: string): string {
  return pujaDayText(isoDay).replace(/(\d+)(st|nd|rd|th),/, '$1,');
}

/**
 * Chooses `isoDay` (YYYY-MM-DD) in the order form's date field (Mantine's DateInput) as a keyboard user
 * would: types it and leaves the field. The field drops a day it cannot take, so this checks it kept it.
 */
export async function chooseOrderDate(form: Page | Locator, isoDay: string) {
  const field = form.getByRole('textbox', { name: /^Date/ });
  await field.fill(isoDay);
  await field.press('Tab');
  await expect(field).toHaveValue(orderDateText(isoDay));
}

/**
 * The patron orders a puja at Kopan Monastery and pays through the payment simulator (PAYMENT_MODE
 * simulator, as in ordering.spec.ts); returns the order's id from the orders page it lands on.
 */
export async function orderAndPayAtKopan(page: Page, order: PujaOrder): Promise<number> {
  return (await orderAtKopan(page, order, 'pay')).id;
}

/**
 * The patron orders a puja at Kopan Monastery and, on the payment simulator's page, pays or cancels
 * (leaving the order unpaid); returns the order's id and number from the orders page they land on.
 */
export async function orderAtKopan(
  page: Page,
  order: PujaOrder,
  decision: 'pay' | 'cancel',
): Promise<{ id: number; number: string }> {
  return orderAtMonastery(page, 'kopan-monastery', order, decision);
}

/** As orderAtKopan, at the monastery whose page is `/monastery/{slug}`. */
export async function orderAtMonastery(
  page: Page,
  slug: string,
  order: PujaOrder,
  decision: 'pay' | 'cancel',
): Promise<{ id: number; number: string }> {
  await page.goto(`/monastery/${slug}`);
  await page
    .getByTestId('offering-card')
    .filter({ has: page.getByRole('heading', { name: order.puja, exact: true }) })
    .getByRole('button', { name: 'Make Puja' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await chooseOrderDate(dialog, order.day);
  await dialog.getByRole('radio', { name: order.wallet }).check();
  await dialog.getByRole('textbox', { name: 'Name 1', exact: true }).fill(order.beneficiary);
  for (const [index, other] of (order.otherNames ?? []).entries()) {
    const line = index + 2;
    await dialog.getByRole('button', { name: 'Add a name' }).click();
    await dialog.getByRole('textbox', { name: `Name ${line}`, exact: true }).fill(other.name);
    if (other.departed) await dialog.getByRole('checkbox', { name: `Departed: Name ${line}` }).check();
    if (other.note)
      await dialog.getByRole('textbox', { name: `Note for name ${line} (optional)` }).fill(other.note);
  }
  await dialog.getByRole('textbox', { name: 'Your intention' }).fill(order.intention);
  await dialog.getByRole('button', { name: 'Make Puja', exact: true }).click();

  await decideOnSimulator(page, decision);
  const id = Number(new URL(page.url()).searchParams.get('oid'));
  const details = page.getByRole('region', { name: 'Puja Details' });
  await expect(detailIn(details, 'Puja')).toHaveText(order.puja);
  const number = detailIn(details, 'Order number');
  await expect(number).toHaveText(/^PJ-[A-Z0-9]{6}$/);
  return { id, number: (await number.textContent())! };
}

/**
 * On the payment simulator's page (eSewa's or Khalti's), pays or cancels; the server sends the browser
 * back to the orders page, which says how it went once and then drops the status from the address.
 */
export async function decideOnSimulator(page: Page, decision: 'pay' | 'cancel') {
  // The redirect to the simulator follows the order's creation: slow on a busy machine too.
  await expect(page).toHaveURL(/\/simulator\//, { timeout: 30_000 });
  await page.getByRole('button', { name: decision === 'pay' ? /^Pay Rs\./ : 'Cancel' }).click();
  // The orders page and its toast load after the provider's redirect: slow on a busy machine.
  await expect(page.getByText(decision === 'pay' ? 'Payment Success' : 'Payment Failure')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/orders\?oid=\d+$/);
}

/** The value beside `label` in a list of terms and values (the orders page, the staff side panel). */
export function detailIn(container: Locator, label: string): Locator {
  return container
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Moves the staff calendar forward, a month at a time, until `event` shows (at most a few months). */
export async function showOnCalendar(page: Page, event: Locator) {
  for (let month = 0; month < 3; month++) {
    // The events are drawn once the orders have loaded.
    await page.waitForLoadState('networkidle');
    if (await event.isVisible()) return;
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(event).toBeVisible();
}

/** A bearer header for direct API calls (test set-up and clean-up only). */
export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** Opens a back-office page from its menu, as a person does: on a 360 px phone, behind the burger first. */
export async function openFromMenu(page: Page, name: string, width: number) {
  if (width === 360) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Back office navigation' }).getByRole('link', { name }).click();
}

/**
 * Approves an order through the API as the staff's page does: from the version it shows (read with
 * `GET /api/order/{id}/edit`), since every change names the version it was made from (docs/decisions/040).
 */
export async function approveThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  orderId: number,
) {
  const edit = await request.get(`/api/order/${orderId}/edit`, { headers });
  expect(edit.ok(), await edit.text()).toBe(true);
  const { version } = ((await edit.json()) as { order: { version: number } }).order;
  return request.patch(`/api/order/${orderId}`, { headers, data: { version } });
}
