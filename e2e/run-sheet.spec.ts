import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import {
  approveThroughApi,
  bearer,
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  detailIn,
  openSecondBrowser,
  orderAtKopan,
  signInPage,
} from './staff-helpers.ts';

/**
 * Every name read (issue 28; docs/product.md#run-sheet): a patron orders a puja for today at Kopan for three
 * names, one departed with a note, on a desktop (1280 px); Kopan's staff approve it, open the day's run sheet
 * on a phone (360 px) and tick each name as it is read; the patron sees each name ticked on their order,
 * with the time in Nepal.
 */
const run = Date.now().toString(36);

test('the monks tick each name on the run sheet on a phone, and the patron sees every name read', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  test.setTimeout(120_000);
  const names = [`Karma Dorje ${run}`, `陳淑華 ${run}`, `राम बहादुर ${run}`];
  await signInPage(page, request, DEMO_PATRON);
  const order = await orderAtKopan(
    page,
    {
      puja: 'Green Tara Puja',
      day: dayFromToday(0),
      beneficiary: names[0]!,
      otherNames: [
        { name: names[1]!, departed: true, note: 'Passed away on 3 March 2025' },
        { name: names[2]! },
      ],
      intention: 'For my family, living and departed.',
      wallet: 'eSewa',
    },
    'pay',
  );
  const details = page.getByRole('region', { name: 'Puja Details' });
  const listed = detailIn(details, 'Names to pray for').getByTestId('prayer-name');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(1)).toContainText('departed');
  await expect(listed.nth(1)).toContainText('Passed away on 3 March 2025');

  // Kopan approves it: a paid puja of today is on today's run sheet.
  const staffToken = await signInThroughApi(request, DEMO_KOPAN_STAFF);
  const approved = await approveThroughApi(request, bearer(staffToken), order.id);
  expect(approved.ok(), await approved.text()).toBe(true);

  const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
  const staff = await openSecondBrowser(browser, testInfo, browserProblems, phone);
  await signInPage(staff, request, DEMO_KOPAN_STAFF);
  await staff.goto('/monastery/run-sheet');
  await expect(staff.getByRole('heading', { name: 'Run sheet', level: 1 })).toBeVisible();
  const card = staff.getByTestId('run-sheet-order').filter({ hasText: order.number });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Intention: For my family, living and departed.');
  await expect(card).toContainText('Passed away on 3 March 2025');
  // Nothing on the sheet is wider than the phone.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  for (const name of names) {
    const tick = card.getByRole('checkbox', { name: `Read: ${name}` });
    await expect(tick).not.toBeChecked();
    await tick.tap();
    await expect(tick).toBeChecked();
  }
  await expect(card.getByText(/^Read at .+ Nepal time by /)).toHaveCount(3);

  // The patron's order shows every name read, at its time in Nepal.
  await page.reload();
  await expect(listed).toHaveCount(3);
  for (let index = 0; index < 3; index++) {
    await expect(listed.nth(index)).toContainText(names[index]!);
    await expect(listed.nth(index)).toContainText(/Read at \d{1,2}:\d{2} [AP]M Nepal time/);
  }
});
