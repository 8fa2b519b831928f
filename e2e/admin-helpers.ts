import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInThroughApi } from './sign-in-helpers.ts';

/** The seeded administrator (apps/api/src/db/seed/demo-catalogue.ts). */
export const DEMO_ADMIN = { phone: '9800000001', name: 'Demo Administrator' } as const;

/**
 * Names no other spec uses, unique per run. They start with Z so they sort after the demo catalogue: the
 * home page shows the first six monasteries and pujas by name, and other specs expect the demo ones there.
 */
export function uniqueNames() {
  const suffix = Date.now().toString(36);
  return {
    monastery: `Zangdok Palri Gompa ${suffix}`,
    puja: `Zhitro Puja ${suffix}`,
    staff: `Karma Tsering ${suffix}`,
    staffEmail: `staff-${suffix}@example.com`,
    // An NTC mobile number (986…) no other spec signs up with.
    staffPhone: `986${String(Date.now()).slice(-7)}`,
  };
}

/** A small real PNG, as a person would pick from their files. */
export async function pictureFile(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Signs the demo administrator in through the API and stores the token as the app does. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const token = await signInThroughApi(page.request, DEMO_ADMIN.phone);
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}

/** Logs out through the back office's profile menu. */
export async function logOut(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText("You're Logged Out")).toBeVisible();
  await expect(page).toHaveURL(/\/monasteries$/);
}

/** A toast with this text is shown (docs/product.md#notifications). */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

/** The table row holding `text`. */
export function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text });
}

/** Serious or critical accessibility problems of the page as it is now. */
export async function seriousAccessibilityProblems(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${what}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}
