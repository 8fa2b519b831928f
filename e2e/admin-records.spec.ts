import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expectToast,
  logOut,
  pictureFile,
  rowWith,
  seriousAccessibilityProblems,
  uniqueNames,
} from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, DEMO_KOPAN_STAFF } from './staff-helpers.ts';

/**
 * The administrator's records (issue #13): an archived monastery restored, the audit log read through its
 * filters, and a staff member's own name and password; every admin page checked by axe at 1280 px and at
 * 360 px, where every list is cards with its actions in reach.
 */

/** Every page of the admin area this spec answers for, and the staff's own account page. */
const ADMIN_PAGES = [
  { path: '/admin/dashboard', heading: 'Dashboard' },
  { path: '/admin/monastery', heading: 'Monasteries' },
  { path: '/admin/puja', heading: 'Pujas' },
  { path: '/admin/manage-user', heading: 'Users' },
  { path: '/admin/payments', heading: 'Payments' },
  { path: '/admin/audit', heading: 'Audit log' },
  { path: '/admin/account', heading: 'My account' },
] as const;

interface Records {
  adminToken: string;
  monastery: { id: number; name: string };
  staff: { name: string; email: string; password: string };
}

/**
 * A monastery of this run's own, with a staff member (so deleting it archives it, as one with history),
 * made through the API as the administrator.
 */
async function monasteryWithStaff(request: APIRequestContext): Promise<Records> {
  const names = uniqueNames();
  const adminToken = await signInThroughApi(request, DEMO_ADMIN.phone);
  const created = await request.post('/api/monastery', {
    headers: bearer(adminToken),
    multipart: {
      name: names.monastery,
      description: 'A hermitage made by the admin records test.',
      status: '1',
      image: await pictureFile('hermitage.png', { r: 40, g: 90, b: 140 }),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { monasteries } = (await created.json()) as { monasteries: { id: number; name: string }[] };
  const monastery = monasteries.find((candidate) => candidate.name === names.monastery)!;
  const staff = { name: names.staff, email: names.staffEmail, password: 'prayer-flag-108' };
  const user = await request.post('/api/user', {
    headers: bearer(adminToken),
    data: {
      name: staff.name,
      email: staff.email,
      phone: names.staffPhone,
      role: 'monastery',
      monastery: monastery.id,
      password: staff.password,
      cpassword: staff.password,
    },
  });
  expect(user.status(), await user.text()).toBe(200);
  return { adminToken, monastery, staff };
}

async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** How far the page is wider than the screen: 0 or less when nothing scrolls sideways. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('the administrator’s records', () => {
  test('an administrator archives a monastery, restores it, and finds both in the audit log', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { adminToken, monastery } = await monasteryWithStaff(request);
    await useToken(page, adminToken);

    await page.goto('/admin/monastery');
    const monasteries = page.getByRole('table', { name: 'Monasteries' });
    await expect(rowWith(monasteries, monastery.name)).toBeVisible();

    // Deleting a monastery with staff archives it: it leaves the table.
    await page.getByRole('button', { name: `Delete ${monastery.name}` }).click();
    const deleting = page.getByRole('dialog', { name: `Delete ${monastery.name}` });
    await deleting.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Monastery Deleted Successfully');
    await expect(rowWith(monasteries, monastery.name)).toHaveCount(0);

    // It is among the archived ones, found by name, and comes back with Restore after a confirmation.
    const archivedSection = page.getByRole('region', { name: 'Archived monasteries' });
    await archivedSection.getByRole('button', { name: 'Show archived' }).click();
    await archivedSection
      .getByRole('searchbox', { name: 'Search archived monasteries' })
      .fill(monastery.name.slice(0, 20));
    const archived = archivedSection.getByRole('table', { name: 'Archived monasteries' });
    await expect(rowWith(archived, monastery.name)).toBeVisible();
    expect(await seriousAccessibilityProblems(page, 'monasteries with archived shown')).toEqual([]);
    await archived.getByRole('button', { name: `Restore ${monastery.name}` }).click();
    const restoring = page.getByRole('dialog', { name: `Restore ${monastery.name}` });
    await restoring.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, `${monastery.name} Restored Successfully`);
    await expect(rowWith(monasteries, monastery.name)).toBeVisible();
    await expect(rowWith(archived, monastery.name)).toHaveCount(0);

    // The audit log, from the sidebar, filtered to archiving monasteries by this administrator.
    await page
      .getByRole('navigation', { name: 'Back office navigation' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByRole('textbox', { name: 'What was done' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    await filters.getByRole('textbox', { name: 'To what' }).click();
    await page.getByRole('option', { name: 'Monasteries' }).click();
    await filters.getByRole('searchbox', { name: 'Who' }).fill('demo admin');
    await expect(page).toHaveURL(/action=archive/);
    await expect(page).toHaveURL(/subject=monastery/);
    await expect(page).toHaveURL(/actor=demo\+admin/);
    const log = page.getByRole('table', { name: 'Audit log' });
    const archiving = rowWith(log, `Demo Administrator archived monastery “${monastery.name}”`);
    await expect(archiving).toBeVisible();
    // Every entry shown is an archive: the filter is the server's.
    const rows = log.getByRole('row');
    for (const text of await rows.allTextContents()) {
      if (text.includes('What happened')) continue;
      expect(text).toContain('archived');
    }
    // The restore is an update of the archived mark, read as a restore.
    await filters.getByRole('textbox', { name: 'What was done' }).click();
    await page.getByRole('option', { name: 'Updated' }).click();
    await expect(page).toHaveURL(/action=update/);
    await expect(rowWith(log, `Demo Administrator restored monastery “${monastery.name}”`)).toBeVisible();
    // A day with no entries: nothing matches.
    await page.goto('/admin/audit?action=archive&from=2020-01-01&to=2020-01-02');
    await expect(page.getByText('No entry matches these filters.')).toBeVisible();
  });

  test('a staff member changes their own name and password, and signs in with the new password', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { staff } = await monasteryWithStaff(request);
    const newName = `${staff.name} Lama`;
    const newPassword = 'mani-wheel-2026';
    const login = (password: string) =>
      request.post('/api/login', { multipart: { email: staff.email, password } });
    // Another device, signed in before the change.
    const other = await login(staff.password);
    expect(other.status()).toBe(200);
    const otherToken = ((await other.json()) as { token: string }).token;

    await page.goto('/auth');
    await page.getByText('E-mail and password').click();
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(staff.email);
    await page.getByLabel(/^Password/).fill(staff.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/monastery\/dashboard$/);

    // Settings in the profile menu opens their own account page.
    await page.getByRole('banner').getByRole('button', { name: staff.name }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/monastery\/account$/);
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    expect(await seriousAccessibilityProblems(page, '/monastery/account')).toEqual([]);

    const details = page.getByRole('region', { name: 'Name and e-mail' });
    await details.getByRole('textbox', { name: /^Full Name/ }).fill(newName);
    await details.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Account Details Updated Successfully');
    await expect(page.getByRole('banner').getByRole('button', { name: newName })).toBeVisible();

    const password = page.getByRole('region', { name: 'Password' });
    // A wrong current password is said by its field and changes nothing.
    await password.getByLabel(/^Current password/).fill('not-my-password');
    await password.getByLabel(/^New password/).fill(newPassword);
    await password.getByLabel(/^Confirm new password/).fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your current password is not right.')).toBeVisible();
    await password.getByLabel(/^Current password/).fill(staff.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText(
      'Your password has been changed. Your other devices are signed out.',
    );
    // The other device is signed out; this one is not.
    expect((await request.get('/api/me', { headers: bearer(otherToken) })).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    expect((await login(staff.password)).status()).toBe(401);

    await logOut(page, newName);
    await page.goto('/auth');
    await page.getByText('E-mail and password').click();
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(staff.email);
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/monastery\/dashboard$/);
    await expect(page.getByRole('banner').getByRole('button', { name: newName })).toBeVisible();
  });

  test('every admin page has no serious accessibility problem at 1280 px', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await useToken(page, await signInThroughApi(request, DEMO_ADMIN.phone));
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      // The page's data, not its skeleton, is what is checked.
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      expect(await seriousAccessibilityProblems(page, path)).toEqual([]);
    }
  });
});

test.describe('the administrator’s records on a 360px-wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('every admin page is cards with their actions in reach, no sideways scroll, no serious axe problem', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await useToken(page, await signInThroughApi(request, DEMO_ADMIN.phone));
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      expect(await seriousAccessibilityProblems(page, `${path} at 360 px`)).toEqual([]);
    }

    // The lists are cards: each action is on screen, not behind a sideways scroll.
    await page.goto('/admin/monastery');
    const monasteries = page.getByRole('list', { name: 'Monasteries' });
    await expect(monasteries.getByRole('button', { name: 'Edit Kopan Monastery' })).toBeInViewport();
    await expect(page.getByRole('table')).toHaveCount(0);
    const archivedSection = page.getByRole('region', { name: 'Archived monasteries' });
    await archivedSection.getByRole('button', { name: 'Show archived' }).click();
    await expect(archivedSection.getByText(/No archived monasteries|Archived/).first()).toBeVisible();
    expect(await sidewaysOverflow(page), 'archived monasteries').toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityProblems(page, 'archived monasteries at 360 px')).toEqual([]);

    await page.goto('/admin/manage-user');
    const users = page.getByRole('list', { name: 'Users' });
    const patron = users.getByRole('listitem').filter({ hasText: 'Demo Patron' });
    await patron.getByRole('button', { name: 'Delete Demo Patron' }).scrollIntoViewIfNeeded();
    await expect(patron.getByRole('button', { name: 'Delete Demo Patron' })).toBeInViewport();

    await page.goto('/admin/payments');
    await expect(
      page.getByRole('list', { name: 'Payments' }).or(page.getByText('No payments yet')),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.goto('/admin/audit');
    await expect(page.getByRole('list', { name: 'Audit log' })).toBeVisible();
    expect(await sidewaysOverflow(page), 'audit log').toBeLessThanOrEqual(0);
  });
});

test.describe('the staff’s own pages on a 360px-wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('their pujas are cards with Edit and Delete in reach, and their account page fits; no serious axe problem', async ({
    page,
    request,
  }) => {
    await useToken(page, await signInThroughApi(request, DEMO_KOPAN_STAFF));
    await page.goto('/monastery/puja');
    const pujas = page.getByRole('list', { name: "Your monastery's pujas" });
    const first = pujas.getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const edit = first.getByRole('button', { name: /^Edit / });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport();
    await expect(first.getByRole('button', { name: /^Delete / })).toBeInViewport();
    expect(await sidewaysOverflow(page), 'staff pujas').toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityProblems(page, '/monastery/puja at 360 px')).toEqual([]);

    await page.goto('/monastery/account');
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), 'staff account').toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityProblems(page, '/monastery/account at 360 px')).toEqual([]);
  });
});
