import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN } from './admin-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { noticesAbout } from './sms-outbox.ts';
import {
  bearer,
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  openSecondBrowser,
  orderAndPayAtKopan,
  signInPage,
} from './staff-helpers.ts';

/**
 * A patron's concern (docs/decisions/036) and a refund after a payout (issue 26): the demo patron's puja at
 * Kopan is performed and paid out to Kopan; the patron raises a concern on their order; an administrator
 * refunds part of it on the Concerns screen; the patron is told and sees the outcome; Kopan's Earnings
 * show the clawback, and its balance, below zero, is netted by what it earns next.
 */
const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'puja-photo-lamp.png');
const run = Date.now().toString(36);
const expect = baseExpect.configure({ timeout: 30_000 });
const nepalToday = () => new Date(Date.now() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 10);

test('a patron’s concern is resolved by a part refund after the payout, clawed back from Kopan', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  test.setTimeout(300_000);
  await signInPage(page, request, DEMO_PATRON);
  const orderId = await orderAndPayAtKopan(page, {
    puja: 'White Tara Long-Life Puja',
    day: dayFromToday(4),
    beneficiary: `Concern ${run}`,
    intention: 'For a long life.',
    wallet: 'eSewa',
  });
  const staff = bearer(await signInThroughApi(request, DEMO_KOPAN_STAFF));
  const admin = bearer(await signInThroughApi(request, DEMO_ADMIN.phone));
  const complete = async (id: number) => {
    expect(
      (await request.post(`/api/order/${id}`, { headers: staff, form: { _method: 'patch' } })).status(),
    ).toBe(200);
    const completed = await request.post('/api/complete-puja', {
      headers: staff,
      multipart: {
        order_id: String(id),
        _method: 'patch',
        'files[]': { name: 'puja.png', mimeType: 'image/png', buffer: await readFile(photo) },
      },
    });
    expect(completed.status()).toBe(200);
  };
  await complete(orderId);

  // Kopan is paid all it is owed: its details entered, a run made, the transfer recorded.
  const kopanOwed = async () => {
    const body = (await (await request.get('/api/admin/payouts', { headers: admin })).json()) as {
      monasteries: { monastery: { id: number; name: string }; balance: number }[];
    };
    return body.monasteries.find((row) => row.monastery.name === 'Kopan Monastery')!;
  };
  const kopan = await kopanOwed();
  expect(
    (
      await request.post(`/api/admin/monasteries/${kopan.monastery.id}/payout-details`, {
        headers: admin,
        data: { method: 'esewa', account_holder: 'Kopan Monastery', account: '9801112223' },
      })
    ).status(),
  ).toBe(200);
  const payoutRun = await request.post('/api/admin/payout-runs', { headers: admin });
  expect(payoutRun.status()).toBe(200);
  const runId = ((await payoutRun.json()) as { run: { id: number } }).run.id;
  const { payouts } = (await (
    await request.get(`/api/admin/payout-runs/${runId}`, { headers: admin })
  ).json()) as {
    payouts: { id: number }[];
  };
  for (const payout of payouts)
    expect(
      (
        await request.post(`/api/admin/payouts/${payout.id}/record-transfer`, {
          headers: admin,
          data: { reference: `NABIL-${run}`, paid_on: nepalToday() },
        })
      ).status(),
    ).toBe(200);
  expect((await kopanOwed()).balance).toBe(0);

  // The patron raises a concern on their order's page.
  await page.goto(`/orders?oid=${orderId}`);
  const details = page.getByRole('region', { name: 'Puja Details' });
  await details.getByRole('button', { name: 'Raise a concern' }).click();
  await details.getByLabel('What went wrong?').selectOption('name_missed');
  await details.getByLabel('Tell us more').fill('My grandmother’s name was not read.');
  await details.getByRole('button', { name: 'Send the concern' }).click();
  const concern = details.getByTestId('concern');
  await expect(concern).toContainText('Being looked into');
  await expect(concern).toContainText('My grandmother’s name was not read.');
  const number = (await (await request.get(`/api/get-messages/${orderId}`, { headers: staff })).json()).order
    .number as string;

  // The administrator refunds Rs. 1,000 of it on the Concerns screen, the order's proof beside it.
  const adminPage = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInPage(adminPage, request, DEMO_ADMIN.phone);
  await adminPage.goto('/admin/concerns');
  await expect(adminPage.getByRole('heading', { name: 'Concerns', level: 1 })).toBeVisible();
  const card = adminPage.getByTestId('admin-concern').filter({ hasText: number });
  await expect(card).toContainText(`Concern ${run}`);
  await expect(card.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await card.getByLabel('Resolution').selectOption('refund');
  await card.getByLabel('Amount to refund (Rs.)').fill('1000');
  await card.getByRole('button', { name: 'Resolve' }).click();
  await expect(adminPage.getByText('Refund due recorded')).toBeVisible();

  // The patron is told, and sees the outcome on the order.
  await expect
    .poll(async () => (await noticesAbout(`+977${DEMO_PATRON}`, number)).join('\n'), { timeout: 30_000 })
    .toContain('upheld: Rs. 1,000 will be refunded to your eSewa account');
  await page.reload();
  await expect(concern).toContainText('Refunded');
  await expect(concern).toContainText('Refund of Rs. 1,000');

  // Kopan had been paid: the refund is clawed back (its share, the commission giving back its own),
  // leaving a negative balance that Kopan's Earnings show with the clawback line.
  const clawedBack = (await kopanOwed()).balance;
  expect(clawedBack).toBeLessThan(0);
  expect(clawedBack).toBeGreaterThan(-1000);
  await signInPage(page, request, DEMO_KOPAN_STAFF);
  await page.goto('/monastery/earnings');
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(page.getByText('Refund after the puja (clawback)').first()).toBeVisible();

  // The next performed puja's earnings net the negative balance before anything is paid.
  await signInPage(page, request, DEMO_PATRON);
  const nextOrder = await orderAndPayAtKopan(page, {
    puja: 'White Tara Long-Life Puja',
    day: dayFromToday(5),
    beneficiary: `Next ${run}`,
    intention: 'For the books.',
    wallet: 'eSewa',
  });
  await complete(nextOrder);
  const netted = (await kopanOwed()).balance;
  expect(netted).toBeGreaterThan(clawedBack);
});
