import type { APIRequestContext } from '@playwright/test';
import {
  DEMO_ADMIN,
  expectToast,
  pictureFile,
  seriousAccessibilityProblems,
  signInAsAdmin,
} from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, openFromMenu, openSecondBrowser, signInPage } from './staff-helpers.ts';

/**
 * A monastery's own page (issue 30 item 7, docs/decisions/046): its staff change the description, address
 * and contacts and add a gallery picture; with the administrators' review on (the default), the change
 * waits, visitors still see the old page, the administrator sees old beside new and approves it, and the
 * public page (server-rendered too) shows it. A second change is rejected with a reason the staff read.
 * At 1280 px and on a 360 px phone, each with a monastery and staff member of its own.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const run = Date.now().toString(36);

/** A monastery made by the administrator through the API, with a staff member, for this test alone. */
async function monasteryWithStaff(request: APIRequestContext, width: number) {
  const admin = await signInThroughApi(request, DEMO_ADMIN.phone);
  const name = `Zurmang Gompa ${run} ${width}`;
  const created = await request.post('/api/monastery', {
    headers: bearer(admin),
    multipart: {
      name,
      description: 'Old words about the gompa.',
      status: '1',
      image: await pictureFile('cover.png', { r: 120, g: 60, b: 40 }),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const monastery = (
    (await created.json()) as { monasteries: { id: number; name: string; slug: string }[] }
  ).monasteries.find((each) => each.name === name)!;
  const phone = `984${String(Date.now() + width).slice(-7)}`;
  const staff = await request.post('/api/user', {
    headers: bearer(admin),
    multipart: {
      name: `Lama Sherab ${width}`,
      email: `page-${run}-${width}@example.com`,
      phone,
      role: 'monastery',
      monastery: String(monastery.id),
      password: 'correct horse battery staple',
      cpassword: 'correct horse battery staple',
    },
  });
  expect(staff.status(), await staff.text()).toBe(200);
  return { ...monastery, staffPhone: phone };
}

for (const width of [1280, 360] as const) {
  test.describe(`at ${width} px`, () => {
    const screen =
      width === 360
        ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } };
    test.use(screen);

    test('staff change their page; it waits for the administrator, who approves one change and rejects another', async ({
      page,
      request,
      browser,
      browserProblems,
    }, testInfo) => {
      test.setTimeout(240_000);
      const monastery = await monasteryWithStaff(request, width);
      const address = `Boudha ${run}, Kathmandu`;

      // The staff member opens Our page from the menu and changes it.
      await signInPage(page, request, monastery.staffPhone);
      await page.goto('/monastery/dashboard');
      await openFromMenu(page, 'Our page', width);
      await expect(page.getByRole('heading', { level: 1, name: 'Our page' })).toBeVisible();
      await expect(
        page.getByText('An administrator reviews each change before visitors see it.'),
      ).toBeVisible();
      await page.getByRole('textbox', { name: 'About the monastery' }).fill(`New words ${run}.`);
      await page.getByRole('textbox', { name: 'Address' }).fill(address);
      await page.getByRole('textbox', { name: 'Office phone' }).fill('+977 1-4470000');
      await page.getByRole('textbox', { name: 'Office e-mail' }).fill('office@zurmang.example');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Add pictures to the gallery' }).click();
      await (await chooser).setFiles(await pictureFile('gallery.png', { r: 30, g: 140, b: 90 }));
      await page.getByRole('button', { name: 'Send for review' }).click();
      await expectToast(page, 'Sent for review');
      await expect(page.getByTestId('page-pending')).toContainText('waits for an administrator');
      expect(await seriousAccessibilityProblems(page, 'the staff’s own page')).toEqual([]);

      // Visitors still see the page as it was.
      const before = await request.get(`/monastery/${monastery.slug}`);
      expect(await before.text()).not.toContain(address);

      // The administrator sees the change, old beside new, and approves it.
      const admin = await openSecondBrowser(browser, testInfo, browserProblems, screen);
      await signInAsAdmin(admin);
      await admin.goto('/admin/dashboard');
      await openFromMenu(admin, 'Page changes', width);
      const change = admin.getByRole('region', { name: `Change to the page of ${monastery.name}` });
      const diff = change.getByRole('table', { name: `What changes on the page of ${monastery.name}` });
      const description = diff.getByRole('row', { name: /About the monastery/ });
      await expect(description.getByRole('cell').nth(0)).toHaveText('Old words about the gompa.');
      await expect(description.getByRole('cell').nth(1)).toHaveText(`New words ${run}.`);
      await expect(diff.getByRole('row', { name: /Address/ })).toContainText(address);
      await expect(diff.getByRole('row', { name: /Gallery/ }).getByRole('img')).toHaveCount(1);
      expect(await seriousAccessibilityProblems(admin, 'the page changes')).toEqual([]);
      await change.getByRole('button', { name: 'Approve' }).click();
      await expectToast(admin, `The page of ${monastery.name} is updated`);
      await expect(change).toHaveCount(0);

      // The public page shows it, in the server's HTML too.
      await expect
        .poll(async () =>
          (await (await request.get(`/monastery/${monastery.slug}`)).text()).includes(address),
        )
        .toBe(true);
      const visitor = await openSecondBrowser(browser, testInfo, browserProblems, screen);
      await visitor.goto(`/monastery/${monastery.slug}`);
      const visit = visitor.getByRole('region', { name: 'Visit and contact' });
      await expect(visit).toContainText(address);
      await expect(visit.getByRole('link', { name: '+977 1-4470000' })).toHaveAttribute(
        'href',
        'tel:+97714470000',
      );
      await expect(visit.getByRole('img', { name: `${monastery.name}, picture 1` })).toBeVisible();
      await expect(visitor.getByText(`New words ${run}.`)).toBeVisible();
      await visitor.context().close();

      // The staff see the outcome; a second change is rejected with a reason they read.
      await page.reload();
      await expect(page.getByTestId('page-decided')).toContainText('Your last change was approved');
      await page.getByRole('textbox', { name: 'About the monastery' }).fill('Too short.');
      await page.getByRole('button', { name: 'Send for review' }).click();
      await expectToast(page, 'Sent for review');
      await admin.reload();
      await change.getByRole('button', { name: 'Reject' }).click();
      const reject = admin.getByRole('dialog', { name: `Reject the change to ${monastery.name}?` });
      await reject.getByRole('textbox', { name: 'Why?' }).fill('Please keep the history of the gompa.');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expectToast(admin, `The change to ${monastery.name} was rejected`);
      await admin.context().close();
      await page.reload();
      await expect(page.getByTestId('page-decided')).toContainText('Please keep the history of the gompa.');
      await expect(page.getByRole('textbox', { name: 'About the monastery' })).toHaveValue(
        `New words ${run}.`,
      );
    });
  });
}
