import type { Page, Route } from '@playwright/test';
import { expect, priceOf, test } from './fixtures.ts';
import { appScriptPath } from './web-build.ts';

/**
 * A new patron opens a relative's shared link on a slow phone: what they do before the page's code runs
 * must not be lost (docs/decisions/028). Chromium is slowed as Lighthouse's mobile profile slows it: 4×
 * CPU, 1.6 Mbps down with 150 ms of latency. No assertion is about time: each says what happened.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const KOPAN = '/monastery/kopan-monastery';

async function slowPhone(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Opens `path` and answers once its HTML is on screen. The app's code is held back at the network until
 * `startApp` is called, so the window before the app runs is as long as the test needs however busy the
 * machine (a slow phone gives a few seconds, which a loaded CI machine can eat); the page's small entry,
 * which keeps what is done meanwhile, is not held. `startApp` lets the code through and settles once the app
 * runs (`<html data-app-ready>`).
 */
async function arriveAt(page: Page, path: string): Promise<{ startApp: () => Promise<void> }> {
  const appScript = appScriptPath();
  let held: Route | undefined;
  await page.route(`**${appScript}`, (route) => {
    held = route;
  });
  // The fixtures' `goto` settles once the app runs: awaited by `startApp`, not here.
  const navigation = page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const startApp = async () => {
    // Let through the request held so far, then any later one (unrouting first would settle it itself).
    await held?.continue();
    await page.unroute(`**${appScript}`);
    await navigation;
  };
  return { startApp };
}

const appIsRunning = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));

test.describe('before the app runs, on a slow phone', () => {
  // The app's code, its page's code and then the sign-in's all cross the slowed network one after the
  // other once the app is let through: three times the usual time for each test.
  test.slow();
  test.beforeEach(async ({ page }) => {
    await slowPhone(page);
  });

  test('a tap on Make Puja is kept, and the sign-in opens once the app runs', async ({ page }) => {
    const { startApp } = await arriveAt(page, KOPAN);
    const makePuja = page.getByRole('button', { name: 'Make Puja: Green Tara Puja' });
    expect(await appIsRunning(page)).toBe(false);
    await makePuja.tap();
    // Heard while the app was not there to hear it: shown as waiting.
    await expect(makePuja).toHaveAttribute('aria-busy', 'true');

    await startApp();
    // The sign-in a visitor is asked for before ordering (features/session). Its code (some twenty chunks)
    // crosses the slowed network only now: on a loaded two-core machine that took 15 s.
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 40_000 });
    await expect(makePuja).not.toHaveAttribute('aria-busy');
    await expect(page).toHaveURL(new RegExp(`${KOPAN}$`));
  });

  test('text typed into the search is kept and filters the pujas once the app runs', async ({ page }) => {
    const { startApp } = await arriveAt(page, KOPAN);
    const search = page.getByRole('textbox', { name: 'Search Puja by name' });
    expect(await appIsRunning(page)).toBe(false);
    await search.tap();
    await search.pressSequentially('tara');

    await startApp();
    await expect(search).toHaveValue('tara');
    await expect(page.getByRole('heading', { name: 'Green Tara Puja' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'White Tara Long-Life Puja' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Medicine Buddha Puja' })).toHaveCount(0);
    // The address follows, so a reload or a shared link shows the same.
    await expect(page).toHaveURL(/\?q=tara$/);
  });

  test('a sort chosen before the app runs is kept and applied', async ({ page }) => {
    const { startApp } = await arriveAt(page, KOPAN);
    expect(await appIsRunning(page)).toBe(false);
    await page.getByRole('combobox', { name: 'Sort by price' }).selectOption('highToLow');

    await startApp();
    await expect(page).toHaveURL(/\?sort=highToLow$/);
    // The cards follow the address as React renders the move, a moment after it.
    const rupees = async () => (await page.getByText(/^Price: Rs\. /).allTextContents()).map(priceOf);
    await expect.poll(async () => (await rupees()).length).toBeGreaterThan(1);
    await expect.poll(rupees).toEqual([...(await rupees())].sort((a, b) => b - a));
  });
});

test('without JavaScript the search and sort are a form the server answers', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(KOPAN);
  await page.getByRole('textbox', { name: 'Search Puja by name' }).fill('TARA');
  await page.getByRole('combobox', { name: 'Sort by price' }).selectOption('highToLow');
  await page.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(/\?q=TARA&sort=highToLow$/);
  await expect(page.getByRole('textbox', { name: 'Search Puja by name' })).toHaveValue('TARA');
  await expect(page.getByRole('combobox', { name: 'Sort by price' })).toHaveValue('highToLow');
  // Rendered by the server: the Taras only, White Tara (Rs. 2,800) before Green Tara (Rs. 2,500).
  await expect(page.getByTestId('offering-card').getByRole('heading')).toHaveText([
    'White Tara Long-Life Puja',
    'Green Tara Puja',
  ]);
  await context.close();
});
