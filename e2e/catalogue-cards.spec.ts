import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Catalogue cards on a wide screen (three to a row at 1280 px): whatever a card's title or description,
 * the cards of one row line up, and on the monastery and puja pages each card's price and Make Puja
 * button sit at the bottom, level with its neighbours'.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const TOLERANCE_PX = 2;

interface Box {
  top: number;
  bottom: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not visible`);
  return { top: box.y, bottom: box.y + box.height };
}

/** The cards grouped in rows by where each card starts (cards of a grid row share their top). */
async function rowsOf(cards: Locator): Promise<Locator[][]> {
  const rows: { top: number; cards: Locator[] }[] = [];
  for (const card of await cards.all()) {
    const { top } = await boxOf(card);
    const row = rows.find((candidate) => Math.abs(candidate.top - top) <= TOLERANCE_PX);
    if (row) row.cards.push(card);
    else rows.push({ top, cards: [card] });
  }
  return rows.map((row) => row.cards);
}

/** How far apart, at most, the measured edges of one row are. */
function spread(values: number[]): number {
  return Math.max(...values) - Math.min(...values);
}

/**
 * On an offerings page: the Make Puja buttons and the prices of each row share their top, and at least
 * one row has titles of different heights, so the page really tests a wrapped title.
 */
async function expectOfferingRowsAligned(page: Page, path: string) {
  await page.goto(path);
  const cards = page.getByTestId('offering-card');
  await expect(cards.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const rows = await rowsOf(cards);
  expect(
    rows.some((row) => row.length === 3),
    'three cards to a row at 1280 px',
  ).toBe(true);
  let titlesDiffer = false;
  for (const [index, row] of rows.entries()) {
    const buttons = await Promise.all(
      row.map((card) => boxOf(card.getByRole('button', { name: 'Make Puja' }))),
    );
    const prices = await Promise.all(row.map((card) => boxOf(card.getByText(/^Price: Rs\. /))));
    const titles = await Promise.all(row.map((card) => boxOf(card.getByRole('heading'))));
    expect(
      spread(buttons.map((box) => box.top)),
      `${path}: Make Puja buttons of row ${index + 1}`,
    ).toBeLessThanOrEqual(TOLERANCE_PX);
    expect(spread(prices.map((box) => box.top)), `${path}: prices of row ${index + 1}`).toBeLessThanOrEqual(
      TOLERANCE_PX,
    );
    // Each button is the last thing in its card.
    for (const [position, card] of row.entries()) {
      expect((await boxOf(card)).bottom - buttons[position]!.bottom).toBeLessThan(40);
    }
    if (spread(titles.map((box) => box.bottom - box.top)) > TOLERANCE_PX) titlesDiffer = true;
  }
  return titlesDiffer;
}

test.describe('catalogue cards line up in rows', () => {
  test('the home page: the cards of each row share their top and their bottom', async ({ page }) => {
    await page.goto('/');
    for (const heading of ['Monasteries', 'Pujas']) {
      const section = page.getByRole('region', { name: heading, exact: true });
      const cards = section.getByRole('article');
      await expect(cards.first()).toBeVisible();
      const rows = await rowsOf(cards);
      expect(rows.length, `${heading}: rows of cards`).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        const boxes = await Promise.all(row.map((card) => boxOf(card)));
        expect(spread(boxes.map((box) => box.bottom))).toBeLessThanOrEqual(TOLERANCE_PX);
      }
      // A preview ends on a whole word and an ellipsis, never "It i...".
      for (const text of await cards.locator('p').allTextContents()) {
        expect(text).not.toMatch(/\.\.\.$/);
        if (text.endsWith('…')) expect(text).toMatch(/[\p{L}\p{N})]…$/u);
      }
    }
  });

  test("a monastery's pujas: prices and Make Puja buttons level in every row, a wrapped title or not", async ({
    page,
  }) => {
    // Kopan's Lama Chöpa has a title long enough to wrap beside one-line titles.
    expect(await expectOfferingRowsAligned(page, '/monastery/kopan-monastery')).toBe(true);
  });

  test("a puja's monasteries: prices and Make Puja buttons level in every row", async ({ page }) => {
    await expectOfferingRowsAligned(page, '/puja/green-tara-puja');
  });
});
