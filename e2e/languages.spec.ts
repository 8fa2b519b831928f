import type { Page } from '@playwright/test';
import { seriousAccessibilityProblems } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, DEMO_PATRON, dayFromToday, detailIn, signInPage } from './staff-helpers.ts';

/**
 * Languages (docs/decisions/018): a patron switches the interface to Nepali in the top bar and orders a
 * puja through the whole path in Nepali, the choice remembered in the `lang` cookie and on the account;
 * and axe finds nothing serious on the public pages, the sign-in and the patron's orders in Nepali and in
 * Traditional Chinese.
 */

/** A patron of their own, so the language stored on the account changes no other spec's demo patron. */
const NEPALI_PATRON = '9812300015';

/** Rupees as Nepali writes them: the browser's Intl decides between Devanagari and Latin digits. */
const nepaliRupees = (latin: string, devanagari: string) => new RegExp(`रु\\. (${latin}|${devanagari})`);

async function languageCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

test('a patron switches to Nepali and orders a puja in Nepali', async ({ page, request }) => {
  const token = await signInThroughApi(request, NEPALI_PATRON);
  const details = await request.patch('/api/update-user-details', {
    headers: bearer(token),
    multipart: { name: 'Karma Sherpa', email: 'karma.sherpa@example.org' },
  });
  expect(details.status()).toBe(200);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const stored = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/language') && response.request().method() === 'POST',
  );
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ne');

  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('combobox', { name: 'भाषा' })).toHaveValue('ne');
  await expect(
    page.getByRole('navigation', { name: 'मुख्य नेभिगेसन' }).first().getByRole('link', { name: 'गुम्बाहरू' }),
  ).toBeVisible();
  expect((await stored).status()).toBe(200);
  expect(await languageCookie(page)).toBe('ne');
  const me = await request.get('/api/me', { headers: bearer(token) });
  expect(((await me.json()) as { user: { language: string } }).user.language).toBe('ne');

  // A new page load stays in Nepali (the cookie), and so does the order's whole path, with the catalogue's
  // Nepali names (docs/decisions/049).
  await page.goto('/monastery/kopan-monastery');
  await expect(page.getByRole('heading', { name: 'यहाँ गरिने पूजाहरू' })).toBeVisible();
  await page
    .getByTestId('offering-card')
    .filter({ has: page.getByRole('heading', { name: 'हरित तारा पूजा', exact: true }) })
    .getByRole('button', { name: 'पूजा गराउनुहोस्: हरित तारा पूजा' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'पूजा गराउनुहोस्' });
  await expect(dialog.getByText('कोपन गुम्बा मा हरित तारा पूजा')).toBeVisible();
  await expect(dialog.getByText(new RegExp(`शुल्क: ${nepaliRupees('2,500', '२,५००').source}`))).toBeVisible();

  // Required fields say so in Nepali.
  await dialog.getByRole('button', { name: 'पूजा गराउनुहोस्', exact: true }).click();
  const day = dayFromToday(7);
  const date = dialog.getByRole('textbox', { name: /^मिति/ });
  await date.fill(day);
  await date.press('Tab');
  // Nepali writes a chosen day year first, in numbers.
  await expect(date).toHaveValue(day);
  await dialog.getByRole('radio', { name: 'eSewa' }).check();
  await dialog.getByRole('textbox', { name: /^नाम (1|१)$/ }).fill('Tenzin Norbu');
  await dialog.getByRole('button', { name: 'पूजा गराउनुहोस्', exact: true }).click();

  // The wallet's page is the simulator's own, in English; back on the orders page, Nepali again.
  await expect(page).toHaveURL(/\/simulator\//);
  await page.getByRole('button', { name: /^Pay Rs\./ }).click();
  await expect(page.getByText('भुक्तानी सफल भयो')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\?oid=\d+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  const puja = page.getByRole('region', { name: 'पूजाको विवरण' });
  await expect(detailIn(puja, 'पूजा')).toHaveText('हरित तारा पूजा');
  await expect(detailIn(puja, 'रकम')).toContainText(nepaliRupees('2,500', '२,५००'));
  await expect(detailIn(puja, 'प्रार्थना गरिने नामहरू').getByTestId('prayer-name')).toHaveText(['Tenzin Norbu']);
  await expect(page.getByRole('heading', { name: 'तपाईंका अर्डरहरू' })).toBeVisible();
});

for (const language of ['ne', 'zh-Hant'] as const) {
  test(`axe finds nothing serious in ${language}: home, a monastery, the sign-in and the orders`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    const problems: string[] = [];
    for (const path of ['/', '/monastery/kopan-monastery', '/auth']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading').first()).toBeVisible();
      problems.push(...(await seriousAccessibilityProblems(page, `${language} ${path}`)));
    }

    await signInPage(page, request, DEMO_PATRON);
    await page.goto('/orders');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(
      page.getByRole('heading', { name: language === 'ne' ? 'तपाईंका अर्डरहरू' : '您的預約' }),
    ).toBeVisible();
    problems.push(...(await seriousAccessibilityProblems(page, `${language} /orders`)));
    expect(problems).toEqual([]);
  });
}
