import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';

/**
 * Prices beside an approximate amount in the patron's currency, from Nepal Rastra Bank's rates
 * (docs/decisions/020). The server asks the bank's stand-in (NRB_API_URL, playwright.config.ts) when it
 * starts with no rates; the stand-in's rates are made up: AUD at Rs. 91.60/92.00.
 */
const PATRON = '9811520001';

test('a patron who chooses AUD sees A$ beside prices on a monastery page and in the order form', async ({
  page,
  request,
}) => {
  const token = await signInThroughApi(request, PATRON);
  // A name, so the app does not send a new patron to Let's begin first.
  const named = await request.post('/api/update-user-details', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { _method: 'patch', name: 'Tenzin Sydney', email: 'tenzin.sydney@example.com' },
  });
  expect(named.status()).toBe(200);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  await page.goto('/monastery/kopan-monastery');
  await expect(page.getByRole('heading', { name: 'Kopan Monastery', level: 1 })).toBeVisible();
  const card = page
    .getByTestId('offering-card')
    .filter({ has: page.getByRole('heading', { name: 'Green Tara Puja', exact: true }) });
  // The server renders rupees only; once the page has hydrated, the browser's guess (en-US: US dollars)
  // is beside the price, and the menu answers.
  await expect(card.getByTestId('approximate-price')).toHaveText(/^≈ \$\d/);
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('AUD');
  await expect(card.getByTestId('approximate-price')).toHaveText(/^≈ A\$\d[\d,.]*$/);

  await card.getByRole('button', { name: 'Make Puja' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Puja' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Cost: Rs\. [\d,]+/)).toBeVisible();
  await expect(dialog.getByTestId('approximate-price')).toHaveText(/^≈ A\$\d[\d,.]*$/);
  await expect(dialog.getByText(/Nepal’s date/)).toBeVisible();

  // Kept on the account too, for the patron's other devices: saved in the background after the choice.
  await expect
    .poll(async () => {
      const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
      return ((await me.json()) as { user: { currency: string } }).user.currency;
    })
    .toBe('AUD');

  // And the browser remembers it for pages the server renders.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'currency')?.value).toBe('AUD');
});

test('choosing rupees only shows no other currency', async ({ page }) => {
  await page.goto('/monastery/kopan-monastery');
  // Hydrated once the browser's guess is beside the prices.
  await expect(page.getByTestId('approximate-price').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('NPR');
  await expect(page.getByText(/^Price: Rs\. /).first()).toBeVisible();
  await expect(page.getByTestId('approximate-price')).toHaveCount(0);
});
