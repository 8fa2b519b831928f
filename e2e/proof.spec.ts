import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readPdfQrCode } from './pdf-qr.ts';
import { extractPdfText } from './pdf-text.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import {
  approveThroughApi,
  bearer,
  DEMO_KOPAN_STAFF,
  DEMO_PATRON,
  dayFromToday,
  openSecondBrowser,
  orderAtKopan,
  signInPage,
} from './staff-helpers.ts';

/**
 * Proof a doubtful relative can believe (issue 28 items 3 and 4; docs/decisions/037): Kopan completes a
 * patron's puja with a photo, then attaches a short video (a WebM made in the staff's own browser with
 * MediaRecorder) and announces the recording's link on the order's page; the patron plays the video on
 * their order and downloads the certificate; a browser that never signed in opens the address the
 * certificate's QR code holds (decoded from the squares the PDF draws, and the same as the address printed
 * beside it), and sees the puja confirmed without anything personal. Tagged @phone: it runs again with
 * every browser a 360 px phone (playwright.config.ts), where nothing on the way may be wider than the screen.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const run = Date.now().toString(36);

test('a completed puja’s video plays for the patron, and its certificate is checked by anyone @phone', async ({
  page,
  request,
  browser,
  browserProblems,
}, testInfo) => {
  test.setTimeout(180_000);
  const beneficiary = `Tashi Wangmo ${run}`;
  await signInPage(page, request, DEMO_PATRON);
  const order = await orderAtKopan(
    page,
    {
      puja: 'Green Tara Puja',
      day: dayFromToday(0),
      beneficiary,
      intention: `For a safe journey ${run}.`,
      wallet: 'Khalti',
    },
    'pay',
  );

  // Kopan approves and completes it with a photo (the completion's own screens are staff-back-office.spec.ts's).
  const staffHeaders = bearer(await signInThroughApi(request, DEMO_KOPAN_STAFF));
  const approved = await approveThroughApi(request, staffHeaders, order.id);
  expect(approved.status(), await approved.text()).toBe(200);
  const completed = await request.post('/api/complete-puja', {
    headers: staffHeaders,
    multipart: {
      order_id: String(order.id),
      _method: 'patch',
      'files[]': {
        name: 'altar.jpg',
        mimeType: 'image/jpeg',
        buffer: await readFile(path.join(fixtures, 'puja-photo-altar.jpg')),
      },
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  // On the order's page, the staff attach a short video recorded in their own browser, and the recording's link.
  const staff = await openSecondBrowser(browser, testInfo, browserProblems);
  await signInPage(staff, request, DEMO_KOPAN_STAFF);
  await staff.goto(`/monastery/orders/${order.id}`);
  const proof = staff.getByRole('region', { name: 'Proof of the puja' });
  // The back office's code loads on the first visit: slow on a busy machine.
  await expect(proof).toBeVisible({ timeout: 30_000 });
  const webm = Buffer.from(await staff.evaluate(recordWebm));
  expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  // The video's field is the form's first file input (the poster's is the second).
  await proof
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'puja.webm', mimeType: 'video/webm', buffer: webm });
  await proof.getByRole('button', { name: 'Attach the video' }).click();
  await expect(staff.getByText('The video is on the order. The patron has been told.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(proof.locator('video')).toHaveCount(1);

  await proof.getByRole('textbox', { name: /^Link/ }).fill(`https://www.youtube.com/watch?v=proof${run}`);
  await proof.getByLabel(/^Time it starts/).fill('07:00');
  await proof.getByRole('button', { name: 'Tell the patron' }).click();
  await expect(staff.getByText('The patron has been told of the livestream.')).toBeVisible();

  // The patron plays the video on their order (its poster the completion photo), by ranges of its signed link.
  // The player asks for the video's first bytes as soon as it is drawn (preload="metadata"): by a range.
  const ranged = page.waitForResponse(
    (response) => response.url().includes('/api/order-videos/') && response.status() === 206,
  );
  await page.goto(`/orders?oid=${order.id}`);
  const patronProof = page.getByTestId('order-proof');
  await expect(patronProof).toBeVisible({ timeout: 30_000 });
  await expect(patronProof.getByRole('link', { name: 'Open the livestream' })).toHaveAttribute(
    'href',
    `https://www.youtube.com/watch?v=proof${run}`,
  );
  const video = patronProof.locator('video');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('poster', /\/api\/order-videos\/\d+\/poster\?expires=/);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  expect((await ranged).headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);

  // The certificate, downloaded from the order: its code and the page that checks it, as text beside the QR code.
  const downloading = page.waitForEvent('download');
  await patronProof.getByRole('button', { name: 'Download the certificate (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${order.number}.pdf`);
  const certificate = await readFile((await download.path())!);
  const [text] = await extractPdfText(certificate);
  expect(text).toContain('Certificate of a puja performed');
  expect(text).toContain('Monastery Kopan Monastery');
  expect(text).toContain('Puja Green Tara Puja');
  expect(text).toContain('Names read 0 of 1');
  expect(text).not.toContain(beneficiary);
  const verifyUrl = /https?:\/\/\S+\/verify\/([0-9A-Z]{4}-){3}[0-9A-Z]{4}/.exec(text!)?.[0];
  expect(verifyUrl, text).toBeDefined();
  // A phone's camera reads the same address from the QR code.
  expect(await readPdfQrCode(certificate)).toBe(verifyUrl);
  const verifyPath = new URL(verifyUrl!).pathname;

  // Anyone, signed out, opens that page: rendered by the server, shareable, confirming without personal data.
  const served = await request.get(verifyPath);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('This puja was performed');
  expect(html).toMatch(/<meta property="og:title" content="Certificate [0-9A-Z-]+">/);
  expect(html).toContain('<meta name="robots" content="noindex">');
  // The relative holding the certificate: on the phone's screen when the test runs as one.
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const stranger = await openSecondBrowser(
    browser,
    testInfo,
    browserProblems,
    isMobile ? { viewport, isMobile, hasTouch } : undefined,
  );
  await stranger.goto(verifyPath);
  await expect(stranger.getByRole('heading', { name: 'This puja was performed', level: 1 })).toBeVisible();
  await expect(stranger.getByText('Certificate confirmed')).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'Kopan Monastery' })).toBeVisible();
  await expect(stranger.getByText('Green Tara Puja')).toBeVisible();
  await expectNoSidewaysScroll(stranger);
  for (const personal of [beneficiary, 'Demo Patron', `For a safe journey ${run}.`, order.number])
    await expect(stranger.getByText(personal)).toHaveCount(0);
  const unknown = await stranger.goto('/verify/0000-0000-0000-0000');
  expect(unknown?.status()).toBe(404);
  await expect(
    stranger.getByRole('heading', { name: 'No certificate has this code', level: 1 }),
  ).toBeVisible();
});

/** The page is no wider than the window (on a 360 px phone, nothing pushes it sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${page.url()} is ${scrollWidth}px wide in a ${innerWidth}px window`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** About a second of a drawn, moving picture, recorded by Chromium's MediaRecorder as WebM: the bytes. */
async function recordWebm(): Promise<number[]> {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 120;
  const context = canvas.getContext('2d')!;
  const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  recorder.start();
  for (let frame = 0; frame < 30; frame++) {
    context.fillStyle = `hsl(${frame * 12}, 70%, 50%)`;
    context.fillRect(0, 0, 160, 120);
    context.fillStyle = '#fff';
    context.fillRect(frame * 4, 40, 30, 30);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  recorder.stop();
  await stopped;
  return [...new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())];
}
