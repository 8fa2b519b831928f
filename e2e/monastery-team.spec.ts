import { DEMO_ADMIN, expectToast, seriousAccessibilityProblems, signInAsAdmin } from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { e164, signInThroughApi } from './sign-in-helpers.ts';
import { textsTo } from './sms-outbox.ts';
import { bearer, DEMO_KOPAN_STAFF, openFromMenu, openSecondBrowser, signInPage } from './staff-helpers.ts';

/**
 * A monastery's own team (issue 30 item 7, docs/decisions/041): an administrator makes Kopan's staff
 * member its lead; the lead opens Team, invites a monk by phone (texted a link to sign in with a code),
 * the administrator switches the new monk's lead flag on the users screen, and the lead removes them. At
 * 1280 px and on a 360 px phone, each with a number of its own.
 */

/** Back-office pages load lazy code and several queries on a shared two-core machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const run = Date.now().toString(36);

for (const width of [1280, 360] as const) {
  test.describe(`at ${width} px`, () => {
    const screen =
      width === 360
        ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } };
    test.use(screen);

    test('the lead invites a monk by phone, the administrator makes them lead, the lead removes them', async ({
      page,
      request,
      browser,
      browserProblems,
    }, testInfo) => {
      test.setTimeout(180_000);
      const monk = {
        name: `Karma Tsering ${run}-${width}`,
        phone: `985${String(Date.now() + width).slice(-7)}`,
      };

      // An administrator makes Kopan's staff member its lead (the switch itself is shown below).
      const adminToken = await signInThroughApi(request, DEMO_ADMIN.phone);
      const staffToken = await signInThroughApi(request, DEMO_KOPAN_STAFF);
      const me = (await (await request.get('/api/me', { headers: bearer(staffToken) })).json()) as {
        user: { id: number };
      };
      const made = await request.patch(`/api/user/${me.user.id}/lead`, {
        headers: bearer(adminToken),
        data: { is_lead: true },
      });
      expect(made.status(), await made.text()).toBe(200);

      // The lead opens Team from the menu and sees the monastery's staff, themselves marked lead.
      await signInPage(page, request, DEMO_KOPAN_STAFF);
      await page.goto('/monastery/dashboard');
      await openFromMenu(page, 'Team', width);
      await expect(page).toHaveURL(/\/monastery\/team$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Staff of your monastery' });
      const self = list.getByTestId('team-member').filter({ hasText: '(you)' });
      await expect(self.getByText('Lead', { exact: true })).toBeVisible();

      // A number that is not one is refused on its field, before anything is sent.
      const invite = page.getByRole('region', { name: 'Invite a staff member' });
      await invite.getByRole('textbox', { name: 'Full name' }).fill(monk.name);
      await invite.getByRole('textbox', { name: 'Phone number' }).fill('12');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await expect(invite.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      // The invitation: the monk is on the team at once and texted a link to sign in.
      await invite.getByRole('textbox', { name: 'Phone number' }).fill(monk.phone);
      await invite.getByRole('button', { name: 'Invite' }).click();
      await expectToast(page, `${monk.name} was invited`);
      const member = list.getByTestId('team-member').filter({ hasText: monk.name });
      await expect(member).toContainText(e164(monk.phone));
      await expect(invite.getByRole('textbox', { name: 'Full name' })).toHaveValue('');
      await expect
        .poll(async () => (await textsTo(e164(monk.phone))).join('\n'), { timeout: 15_000 })
        .toMatch(/Kopan Monastery.*\/monastery\/dashboard/s);
      // The same number again is someone who already has an account: refused, nothing added.
      await invite.getByRole('textbox', { name: 'Full name' }).fill(`${monk.name} again`);
      await invite.getByRole('textbox', { name: 'Phone number' }).fill(monk.phone);
      await invite.getByRole('button', { name: 'Invite' }).click();
      await expectToast(page, 'The staff member could not be invited');
      await expect(list.getByTestId('team-member').filter({ hasText: monk.name })).toHaveCount(1);
      expect(await seriousAccessibilityProblems(page, 'the team page')).toEqual([]);

      // The administrator finds the monk on the users screen and switches their lead flag on.
      const admin = await openSecondBrowser(browser, testInfo, browserProblems, screen);
      await signInAsAdmin(admin);
      await admin.goto('/admin/manage-user');
      await admin.getByRole('searchbox', { name: 'Search users' }).fill(monk.phone);
      const lead = admin.getByRole('switch', { name: `${monk.name} leads their monastery` });
      await expect(lead).not.toBeChecked();
      await lead.click();
      await expectToast(admin, `${monk.name} now leads their monastery`);
      await expect(lead).toBeChecked();
      // Checked once the note has gone: axe reads a button under the note against the note's background.
      await expect(admin.getByText(`${monk.name} now leads their monastery`)).toBeHidden({ timeout: 20_000 });
      expect(await seriousAccessibilityProblems(admin, 'the users screen with a lead switch')).toEqual([]);
      await admin.context().close();

      // The lead sees it, then removes the monk after a confirmation that says what it does.
      await page.reload();
      await expect(member.getByText('Lead', { exact: true })).toBeVisible();
      await member.getByRole('button', { name: `Remove ${monk.name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Remove ${monk.name} from the team?` });
      await expect(confirm).toContainText('They are signed out everywhere');
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expectToast(page, `${monk.name} was removed from the team`);
      await expect(list.getByTestId('team-member').filter({ hasText: monk.name })).toHaveCount(0);
      await expect(self).toBeVisible();
    });
  });
}
