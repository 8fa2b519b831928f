import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { e164, signInThroughApi } from './sign-in-helpers.ts';
import { textsTo, waitForSignInCode } from './sms-outbox.ts';

/** A Nepali mobile number no earlier run has used: a brand-new patron signs up with it. */
function freshPhone(prefix: '984' | '985' | '986'): string {
  return `${prefix}${String(Date.now()).slice(-7)}`;
}

/**
 * Opens the site signed in with `token`, kept in storage once (not on every load, as an init script would:
 * an account deleted on the page must stay signed out).
 */
async function openSignedIn(page: Page, token: string, path: string) {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
}

async function whoIs(request: APIRequestContext, token: string) {
  return request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
}

const INFO_PAGES = [
  { link: 'About us', path: '/about', heading: 'About Monastery Puja' },
  { link: 'Contact', path: '/contact', heading: 'Contact us' },
  { link: 'FAQ', path: '/faq', heading: 'Frequently asked questions' },
  { link: 'Terms of use', path: '/terms', heading: 'Terms of use' },
  { link: 'Privacy', path: '/privacy', heading: 'Privacy' },
  { link: 'Refunds & cancellation', path: '/refunds', heading: 'Refund and cancellation policy' },
];

test.describe('the pages people look for before they pay', () => {
  for (const { link, path, heading } of INFO_PAGES) {
    test(`the footer's ${link} reaches ${path}, which meets WCAG AA`, async ({ page }) => {
      await page.goto('/');
      await page
        .getByRole('contentinfo')
        .getByRole('navigation', { name: 'Help' })
        .getByRole('link', { name: link })
        .click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(results.violations).toEqual([]);
    });
  }

  test('without support contacts or social pages set, Contact says how to reach people anyway', async ({
    page,
  }) => {
    await page.goto('/contact');
    await expect(page.getByText(/There is no separate support address/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open your orders' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /Instagram|Facebook/ })).toHaveCount(
      0,
    );
  });
});

test.describe('the account is the patron’s', { tag: '@phone' }, () => {
  test('a patron moves their account to a new number with the code texted to it', async ({
    page,
    request,
  }) => {
    const oldPhone = freshPhone('984');
    const newPhone = freshPhone('986');
    const token = await signInThroughApi(request, oldPhone);
    await openSignedIn(page, token, '/account-settings');

    const card = page.getByRole('region', { name: 'Phone number' });
    await expect(card.getByText(/^You sign in with \+977 984/)).toBeVisible();
    await card.getByRole('textbox', { name: /New phone number/ }).fill(newPhone);
    const since = new Date();
    await card.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('SMS Sent')).toBeVisible();
    // Another code only once the server would text this number again.
    await expect(card.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
    const code = await waitForSignInCode(e164(newPhone), since);
    await card.getByRole('textbox', { name: /Code/ }).fill(code);
    await card.getByRole('button', { name: 'Change number' }).click();

    await expect(page.getByText(/^Your phone number is now \+977 986/)).toBeVisible();
    await expect(card.getByText(/^You sign in with \+977 986/)).toBeVisible();
    expect((await (await whoIs(request, token)).json()).user.phone).toBe(e164(newPhone));
    // The old number is told, in case it was not its owner who moved the account.
    await expect
      .poll(async () => (await textsTo(e164(oldPhone))).at(-1))
      .toMatch(/^Your Puja account's number was changed to one ending in \d{3}\./);
    // The new number now signs in to the same account.
    const again = await signInThroughApi(request, newPhone);
    expect((await (await whoIs(request, again)).json()).user.id).toBe(
      (await (await whoIs(request, token)).json()).user.id,
    );
  });

  test('a fresh patron deletes their account after typing DELETE', async ({ page, request }) => {
    const phone = freshPhone('985');
    const token = await signInThroughApi(request, phone);
    await openSignedIn(page, token, '/account-settings');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox', { name: /Type DELETE to confirm/ }).fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/monasteries$/);
    // The top bar offers to sign in again; a phone's narrow bar keeps it in the menu.
    const menu = page.getByRole('button', { name: 'Open navigation' });
    if (await menu.isVisible()) await menu.click();
    await expect(page.getByRole('link', { name: 'Login/Signup' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect((await whoIs(request, token)).status()).toBe(401);

    // The number is free again: signing in with it starts a new, empty account.
    const fresh = await signInThroughApi(request, phone);
    expect((await (await whoIs(request, fresh)).json()).user).toMatchObject({ name: '', email: null });
  });
});
