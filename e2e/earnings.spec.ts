import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { extractPdfText } from './pdf-text.ts';
import { bearer, DEMO_KOPAN_STAFF, signInPage } from './staff-helpers.ts';

/**
 * A monastery's Earnings (docs/product.md#staff-earnings): Kopan's staff see the demo data's completed
 * order under this month's statement with its commission, download the month's statement as a PDF (its
 * text checked) and read the same page on a phone.
 */
const nepalMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date()).slice(0, 7);
/** `Rs. 2,250` as the app writes rupees in English (en-IN grouping, no decimals when whole). */
const rupees = (value: number) =>
  `Rs. ${value.toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

test.describe('monastery staff read their earnings', () => {
  test('a completed order with its commission, and the month’s statement as a PDF', async ({
    page,
    request,
  }) => {
    // A sign-in, a PDF and a reload at another size, on a shared two-core machine.
    test.setTimeout(120_000);
    const token = await signInPage(page, request, DEMO_KOPAN_STAFF);
    const me = await (await request.get('/api/me', { headers: bearer(token) })).json();
    const monasteryId: number = me.monastery_id ?? me.user?.monastery_id;
    const month = nepalMonth();
    // The figures the page must show, from the API the page reads.
    const statement = await (
      await request.get(`/api/earnings/${monasteryId}/statement?month=${month}`, { headers: bearer(token) })
    ).json();
    const performed = statement.lines.find((line: { kind: string }) => line.kind === 'order_completed');
    expect(performed, 'the demo data has a completed order this month').toBeDefined();
    expect(performed.commission).toBeGreaterThan(0);
    expect(performed.net + performed.commission).toBe(performed.amount);

    await page.goto('/monastery/dashboard');
    await page
      .getByRole('navigation', { name: 'Back office navigation' })
      .getByRole('link', { name: 'Earnings' })
      .click();
    await expect(page).toHaveURL(/\/monastery\/earnings$/);
    await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Commission' })).toBeVisible();

    const table = page.getByRole('table', { name: 'The month\u2019s movements' });
    const row = table.getByRole('row').filter({ hasText: performed.orderNumber });
    await expect(row).toContainText('Puja performed');
    await expect(row).toContainText(rupees(performed.amount));
    await expect(row).toContainText(rupees(performed.commission));
    await expect(row).toContainText(rupees(performed.net));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`statement-${monasteryId}-${month}.pdf`);
    const text = (await extractPdfText(await readFile((await download.path())!))).join('\n');
    expect(text).toContain('Monthly statement');
    expect(text).toContain('Monastery: Kopan Monastery');
    expect(text).toContain(`Month (Nepal time): ${month}`);
    expect(text).toContain(performed.orderNumber);
    expect(text).toContain(
      `Puja performed ${rupees(performed.amount)} ${rupees(performed.commission)} ${rupees(performed.net)}`,
    );
    expect(text).toMatch(/Opening balance Rs\. /);
    expect(text).toContain(`Closing balance ${rupees(statement.closing)}`);

    // On a 360 px phone the statement is cards, and nothing needs a sideways scroll.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    const card = page
      .getByRole('list', { name: 'The month\u2019s movements' })
      .getByRole('listitem')
      .filter({ hasText: performed.orderNumber });
    await expect(card).toContainText(rupees(performed.commission));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
