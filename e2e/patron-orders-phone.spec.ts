import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './sign-in-helpers.ts';
import { bearer, DEMO_PATRON, dayFromToday, detailIn, orderDateText, pujaDayText } from './staff-helpers.ts';

/**
 * A patron on a phone finds their way through their orders: the list as an ordinary page, an order as a
 * view of its own and back; and types a day in numbers as their browser's language writes it.
 */

/** A new patron's number, apart from the demo accounts and the sign-in tests' numbers (981, 982). */
function freshPhone(): string {
  return `986${String(Date.now()).slice(-7)}`;
}

interface Placed {
  id: number;
  number: string;
  day: string;
}

/** A new patron, with a name, signed in through the API. */
async function newPatron(request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  const token = await signInThroughApi(request, phone);
  const named = await request.post('/api/update-user-details', {
    headers: bearer(token),
    multipart: { _method: 'patch', name: 'Karma Lhamo', email: `karma.${phone}@example.com` },
  });
  expect(named.status()).toBe(200);
  return token;
}

/** Places an unpaid order of `puja` at Kopan Monastery through the API, for `day` (YYYY-MM-DD). */
async function orderAtKopan(
  request: APIRequestContext,
  token: string,
  puja: string,
  day: string,
): Promise<Placed> {
  const kopan = (
    (await (await request.get('/api/monastery/kopan-monastery/edit')).json()) as {
      monastery: { id: number; pujas: { id: number; name: string; pivot: { cost: number } }[] };
    }
  ).monastery;
  const offering = kopan.pujas.find((candidate) => candidate.name === puja)!;
  const placed = await request.post('/api/order', {
    headers: bearer(token),
    data: { monastery: kopan.id, puja: offering.id, cost: offering.pivot.cost, date: day, payment: 'esewa' },
  });
  expect(placed.ok()).toBe(true);
  const { order } = (await placed.json()) as { order: { id: number; number: string } };
  return { id: order.id, number: order.number, day };
}

/** How far the page is wider than the screen: 0 or less when nothing scrolls sideways. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('on a 360px-wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a patron opens one of two orders at one monastery as its own view, and goes back', async ({
    page,
    request,
  }) => {
    const token = await newPatron(request);
    await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

    // No orders yet: an invitation to order one, not three empty boxes.
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'You have not ordered a puja yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a monastery' })).toHaveAttribute(
      'href',
      '/monasteries',
    );
    expect(await sidewaysOverflow(page), 'no orders').toBeLessThanOrEqual(0);

    const first = await orderAtKopan(request, token, 'Green Tara Puja', dayFromToday(12));
    const second = await orderAtKopan(request, token, 'Green Tara Puja', dayFromToday(40));
    const placed = [first, second];
    try {
      await page.goto('/orders');
      const list = page.getByRole('list', { name: 'Your orders' });
      const entryOf = (order: Placed): Locator =>
        list.getByRole('button', { name: new RegExp(order.number) });
      // Newest first; the same puja at the same monastery, told apart by number, day and states.
      await expect(list.getByRole('button')).toHaveCount(2);
      for (const order of placed) {
        const entry = entryOf(order);
        await expect(entry).toContainText('Kopan Monastery');
        await expect(entry).toContainText(`Green Tara Puja · ${order.number}`);
        await expect(entry).toContainText(pujaDayText(order.day));
        await expect(entry).toContainText(/Rs\. [\d,]+/);
        // One plain status, and when an unpaid order must be paid by (docs/decisions/030).
        await expect(entry).toContainText('Waiting for payment');
        await expect(entry).toContainText(/Pay by .+ Nepal time/);
      }
      // The list is the page: no box scrolling inside it, no columns beside it, nothing sideways.
      await expect(page.getByRole('region', { name: 'Puja Details' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Messages' })).toHaveCount(0);
      const innerScroll = await list.evaluate((element) => {
        const box = element.parentElement!;
        return {
          overflowing: box.scrollHeight > box.clientHeight + 1,
          maxHeight: getComputedStyle(box).maxHeight,
        };
      });
      expect(innerScroll).toEqual({ overflowing: false, maxHeight: 'none' });
      expect(await sidewaysOverflow(page), 'the list').toBeLessThanOrEqual(0);

      // Tapping an order opens it, with its messages and details, and a way back.
      await entryOf(first).tap();
      await expect(page).toHaveURL(new RegExp(`/orders\\?oid=${first.id}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Green Tara Puja at Kopan Monastery' }),
      ).toBeVisible();
      const details = page.getByRole('region', { name: 'Puja Details' });
      await expect(detailIn(details, 'Order number')).toHaveText(first.number);
      await expect(detailIn(details, 'Date')).toHaveText(`${pujaDayText(first.day)} (Nepal date)`);
      await expect(
        page
          .getByRole('region', { name: 'Messages' })
          .getByRole('textbox', { name: 'Write to Kopan Monastery' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Proceed to payment' })).toBeVisible();
      await expect(list).toHaveCount(0);
      expect(await sidewaysOverflow(page), 'an order').toBeLessThanOrEqual(0);

      // It survives a reload.
      await page.reload();
      await expect(detailIn(details, 'Order number')).toHaveText(first.number);

      await page.getByRole('link', { name: 'Back to your orders' }).tap();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(list.getByRole('button')).toHaveCount(2);
      await expect(details).toHaveCount(0);

      // The browser's Back returns from an order too.
      await entryOf(second).tap();
      await expect(detailIn(details, 'Order number')).toHaveText(second.number);
      await page.goBack();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(list.getByRole('button')).toHaveCount(2);
      expect(await sidewaysOverflow(page), 'the list again').toBeLessThanOrEqual(0);
    } finally {
      // Unpaid orders of a test patron: cancelled, so Kopan's staff pages in later specs do not list them.
      for (const order of placed) {
        await request.post(`/api/order/${order.id}/cancel`, { headers: bearer(token) });
      }
    }
  });
});

// At 1280 px and, in the patron-phone project, at 360 px.
test.describe('in English as written in Britain', { tag: '@phone' }, () => {
  test.use({ locale: 'en-GB' });

  /**
   * A day ahead whose day of the month could also be a month (1 to 12, and not its own month), so only the
   * browser's language says which it is: 03/04 is 3 April in Britain.
   */
  function ambiguousDay(): string {
    for (let days = 2; days < 300; days++) {
      const day = dayFromToday(days);
      const [, month, date] = day.split('-').map(Number) as [number, number, number];
      if (date <= 12 && date !== month) return day;
    }
    throw new Error('no day ahead is ambiguous');
  }

  test('the order form takes a day typed in numbers, day first, and keeps text it cannot read', async ({
    page,
    request,
  }) => {
    const token = await signInThroughApi(request, DEMO_PATRON);
    await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
    await page.goto('/monastery/kopan-monastery');
    await page
      .getByTestId('offering-card')
      .filter({ has: page.getByRole('heading', { name: 'Green Tara Puja', exact: true }) })
      .getByRole('button', { name: 'Make Puja' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Make Puja' });
    const field = dialog.getByRole('textbox', { name: /^Date/ });

    const day = ambiguousDay();
    const [year, month, date] = day.split('-') as [string, string, string];
    await field.fill(`${date}/${month}/${year}`);
    await field.press('Tab');
    await expect(field).toHaveValue(orderDateText(day));
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');

    // A two-digit year could be read three ways: the text stays to be corrected, and the field says
    // what it expects.
    const short = `${date}/${month}/${year.slice(2)}`;
    await field.fill(short);
    await field.press('Tab');
    await expect(field).toHaveValue(short);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(
      dialog.getByText(/^Type the date as 28\/11\/\d{4} or pick it in the calendar\.$/),
    ).toBeVisible();

    // Typed again, with dots as many write it: taken.
    await field.fill(`${date}.${month}.${year}`);
    await field.press('Tab');
    await expect(field).toHaveValue(orderDateText(day));
    await expect(dialog.getByText(/^Type the date as/)).toHaveCount(0);
  });
});
